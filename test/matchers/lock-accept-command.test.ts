import { execSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'

// The accept command toMatchMcpLock prints, run verbatim in a real `vitest run` next to another
// test file whose snapshot has drifted: it rewrites the lock, and that other file's snapshot stays.

const root = resolve(import.meta.dirname, '../..')
const catalog = join(root, 'test/fixtures/servers/catalog.js')
let dir: string

/** Runs a shell command in the project as a user types it; exit code and all it printed. */
function run(command: string, env: Record<string, string> = {}): { code: number; output: string } {
  try {
    const output = execSync(command, { cwd: dir, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, NO_COLOR: '1', ...env } })
    return { code: 0, output }
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string }
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` }
  }
}

async function writeConfig(variant: string): Promise<void> {
  await writeFile(join(dir, '.mcp.json'), `${JSON.stringify({ mcpServers: { catalog: { command: process.execPath, args: [catalog], env: { CATALOG_VARIANT: variant } } } }, null, 2)}\n`)
}

beforeAll(async () => {
  // Why inside the repository's .tmp: `npx vitest` there finds this repository's Vitest, as in a project that installed it.
  await mkdir(join(root, '.tmp'), { recursive: true })
  dir = await mkdtemp(join(root, '.tmp', 'lock-accept-'))
  await writeFile(join(dir, 'package.json'), '{ "name": "agents", "type": "module" }\n')
  await writeFile(join(dir, 'vitest.config.mjs'), `export default { test: { setupFiles: [${JSON.stringify(join(root, 'setup/vitest.ts'))}], testTimeout: 60000 } }\n`)
  await writeFile(join(dir, 'servers.test.ts'), `import { expect, test } from 'vitest'\nimport { clientConfig } from ${JSON.stringify(join(root, 'src/index.ts'))}\n\ntest('the servers match the lock', async () => {\n  await expect(clientConfig('.mcp.json')).toMatchMcpLock()\n})\n`)
  await writeFile(join(dir, 'other.test.ts'), "import { expect, test } from 'vitest'\n\ntest('other', () => {\n  expect({ version: 2 }).toMatchSnapshot()\n})\n")
  await mkdir(join(dir, '__snapshots__'))
  await writeFile(join(dir, '__snapshots__', 'other.test.ts.snap'), '// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\nexports[`other 1`] = `\n{\n  "version": 1,\n}\n`;\n')
  await writeConfig('v1')
}, 30_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

test('the printed accept command, run verbatim, rewrites the lock and leaves another drifted file alone', async () => {
  // Why CI: the lock is not written on a first run in CI, so the lock below comes from the printed command.
  expect(run('npx vitest run servers.test.ts', { CI: 'true' }).code).toBe(1)
  expect(run('npx vitest run servers.test.ts -u', { CI: 'true' }).code).toBe(0)
  const first = await readFile(join(dir, 'mcp-contract.lock.json'), 'utf8')
  await writeConfig('v2')
  const failing = run('npx vitest run servers.test.ts', { CI: 'true' })
  expect(failing.code).toBe(1)
  const printed = /rewrite the lock \(and nothing else\): (npx vitest run \S+ -u)/.exec(failing.output)?.[1]
  expect(printed).toBe('npx vitest run servers.test.ts -u')
  const otherSnapshot = await readFile(join(dir, '__snapshots__', 'other.test.ts.snap'), 'utf8')
  expect(run(printed as string, { CI: 'true' }).code).toBe(0)
  expect(await readFile(join(dir, 'mcp-contract.lock.json'), 'utf8')).not.toBe(first)
  expect(await readFile(join(dir, '__snapshots__', 'other.test.ts.snap'), 'utf8')).toBe(otherSnapshot)
  expect(run('npx vitest run servers.test.ts', { CI: 'true' }).code).toBe(0)
}, 180_000)
