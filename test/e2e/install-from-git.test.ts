/**
 * Installing from git: npm runs the package's `prepare` script in a fresh checkout, which has
 * sources and no `dist/`. Run here in a copy of the sources beside the repository's installed
 * dependencies, as npm runs it after installing them.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { ROOT } from './support/packed-package.js'

const run = promisify(execFile)
const CHECKED_IN = ['src', 'matchers', 'setup', 'scripts', 'package.json', 'tsup.config.ts', 'tsconfig.json', 'mcp-contract.schema.json', 'mcp-contract.config.schema.json', 'mcp-consumer-contract.schema.json', 'mcp-contract.lock.schema.json']
let checkout: string | undefined

afterAll(async () => {
  if (checkout) await rm(checkout, { recursive: true, force: true })
})

test('prepare builds dist/ and the binary in a checkout without them, and leaves a fresh build alone', { timeout: 600_000 }, async () => {
  checkout = await mkdtemp(join(tmpdir(), 'mcp-contract-checkout-'))
  for (const path of CHECKED_IN) await cp(join(ROOT, path), join(checkout, path), { recursive: true })
  await symlink(join(ROOT, 'node_modules'), join(checkout, 'node_modules'))

  await run('npm', ['run', 'prepare', '--silent'], { cwd: checkout, timeout: 540_000 })
  const { stdout: version } = await run(process.execPath, [join(checkout, 'dist', 'cli.cjs'), '--version'])
  expect(version.trim()).toBe('0.1.0')

  const again = await run('npm', ['run', 'prepare', '--silent'], { cwd: checkout })
  expect(again.stdout).toBe('dist/ is up to date with its sources; not rebuilding.\n')
})

test('npm pack in that checkout packs a package.json without prepare, and leaves the checkout as it was', { timeout: 600_000 }, async () => {
  expect(checkout).toBeDefined()
  const before = await readFile(join(checkout!, 'package.json'), 'utf8')
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', checkout!], { cwd: checkout!, timeout: 540_000 })
  const tarball = join(checkout!, stdout.trim().split('\n').pop()!)
  const { stdout: packed } = await run('tar', ['-xzOf', tarball, 'package/package.json'])
  const scripts = (JSON.parse(packed) as { scripts: Record<string, string> }).scripts
  // Why: npm warns on installing a tarball whose prepare names a file it does not hold; dist/ is built in it already.
  expect(scripts.prepare).toBeUndefined()
  expect(scripts.build).toBe('tsup')
  expect(await readFile(join(checkout!, 'package.json'), 'utf8')).toBe(before)
  expect((await readdir(checkout!)).filter((name) => name.includes('before-pack'))).toEqual([])
})

