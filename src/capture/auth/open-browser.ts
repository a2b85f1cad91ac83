import { spawn } from 'node:child_process'

/**
 * Asks the desktop to open a URL in the default browser; returns false when it could not
 * (no desktop, no opener), so the caller relies on the printed URL.
 * Why no library: three platform commands, started detached and never waited for.
 */
export function openBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url.replaceAll('&', '^&')]] : ['xdg-open', [url]]
  return new Promise((resolve) => {
    try {
      const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true })
      child.once('error', () => resolve(false))
      child.once('spawn', () => {
        child.unref()
        resolve(true)
      })
    } catch {
      resolve(false)
    }
  })
}
