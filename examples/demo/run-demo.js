// The demo: record the bundled catalog server (v1) into a contract file, then check a drifted
// release (v2) against it — the job a CI step does with `mcp-contract check`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cli = join(root, 'dist/cli.cjs')
const server = join(root, 'test/fixtures/servers/catalog.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-demo-'))

function run(title, args, variant) {
  console.log(`\n$ CATALOG_VARIANT=${variant} mcp-contract ${args.join(' ').replace(server, 'catalog.js')}`)
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: folder, env: { ...process.env, CATALOG_VARIANT: variant }, stdio: 'inherit' })
  console.log(`(${title}: exit code ${result.status})`)
  return result.status
}

try {
  run('recorded', ['snapshot', '--', 'node', server], 'v1')
  run('unchanged server', ['check', '--', 'node', server], 'v1')
  const status = run('drifted server', ['check', '--', 'node', server], 'v2')
  console.log(status === 1 ? '\nThe drifted release fails the check: exit code 1, as a CI job would see it.' : '\nUnexpected: the drifted release did not fail the check.')
  process.exitCode = status === 1 ? 0 : 1
} finally {
  rmSync(folder, { recursive: true, force: true })
}
