import { spawn } from 'node:child_process'
import { expect, it } from 'vitest'
import { CLI } from '../support/run-cli-process.js'
import { AUTHORIZATION_URL } from './cli-run.js'
import { useAuthHome } from './auth-home.js'

const auth = useAuthHome('mcp-contract-auth-process-', { server: {} })

/**
 * Starts the built CLI's `auth`, waits for its authorization URL; the caller answers it.
 * Why a process of its own, not runCliProcess: these tests are about the process exiting while
 * its stdin pipe stays open, and they answer the URL while it runs; runCliProcess ignores stdin
 * and only reports the end.
 */
async function startAuthProcess() {
  const child = spawn(process.execPath, [CLI, 'auth', '--url', auth.server.url, '--open', 'false'], {
    env: { ...process.env, XDG_CONFIG_HOME: auth.home, MCP_CONTRACT_TOKEN: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk) => void (output.stdout += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const url = await new Promise<string>((resolve) => {
    child.stderr.on('data', (chunk) => {
      output.stderr += chunk
      const match = output.stderr.match(AUTHORIZATION_URL)
      if (match) resolve(match[1] as string)
    })
  })
  return { child, output, exited, url }
}

it('the built CLI logs in from a pasted URL and exits, though its stdin stays open', async () => {
  const { child, output, exited, url } = await startAuthProcess()
  const location = (await fetch(url, { redirect: 'manual' })).headers.get('location') as string
  child.stdin.write(`${location}\n`)
  expect(await exited).toBe(0)
  expect(output.stdout).toContain('logged in to')
  for (const secret of auth.server.provider.secrets) expect(output.stdout + output.stderr).not.toContain(secret)
})

it('the built CLI logs in through the callback and exits, though the browser keeps its connection', async () => {
  const { output, exited, url } = await startAuthProcess()
  const landed = await fetch(url)
  expect(await landed.text()).toBe('mcp-contract is logged in. You can close this tab.\n')
  expect(await exited).toBe(0)
  for (const secret of auth.server.provider.secrets) expect(output.stdout + output.stderr).not.toContain(secret)
})
