import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** The built CLI, as `npx mcp-contract` runs it. */
export const CLI = `${ROOT}dist/cli.cjs`

/** A fixture server file under test/fixtures/servers. */
export function fixture(name: string): string {
  return `${ROOT}test/fixtures/servers/${name}`
}

/** What a finished CLI process left behind. */
export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the built CLI as a subprocess, the way a CI job does; `nodeArgs` go to Node before the CLI's path. */
export function runCliProcess(args: string[], options: { cwd?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Replaces machine-specific text (temp folders, the repository path, ports) so messages can be pinned. */
export function scrub(text: string, replacements: Record<string, string> = {}): string {
  let out = text.split(ROOT).join('<root>/')
  for (const [from, to] of Object.entries(replacements)) out = out.split(from).join(to)
  return out.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>').replace(/\/tmp\/[\w.-]+/g, '<tmp>')
}
