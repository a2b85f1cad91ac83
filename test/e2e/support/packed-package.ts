/**
 * Builds and packs mcp-contract once per source state, the way a user would receive it
 * (`npm pack`), into `.tmp/e2e-pack/<hash>/`. Concurrent test files share one build through a
 * lock directory; a later run with unchanged sources reuses the tarball.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The repository root. */
export const ROOT = join(import.meta.dirname, '..', '..', '..')

const SOURCES = ['src', 'matchers', 'setup', 'package.json', 'tsup.config.ts', 'tsconfig.json', 'README.md']

/** Path of the packed tarball, building and packing it first if these sources were never packed. */
export async function packedTarball(): Promise<string> {
  const stage = join(ROOT, '.tmp', 'e2e-pack', await sourceHash())
  const done = join(stage, 'tarball-path')
  const lock = join(ROOT, '.tmp', 'e2e-pack', 'lock')
  await mkdir(join(ROOT, '.tmp', 'e2e-pack'), { recursive: true })
  for (;;) {
    const existing = await readText(done)
    if (existing) return existing
    try {
      await mkdir(lock, { recursive: false })
      await writeFile(join(lock, 'pid'), String(process.pid))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      await stealIfStale(lock)
      await new Promise((resolve) => setTimeout(resolve, 250))
      continue
    }
    try {
      if (!(await readText(done))) {
        await writeFile(done, await buildAndPack(stage))
        await removeOldStages(stage)
      }
    } finally {
      await rm(lock, { recursive: true, force: true })
    }
  }
}

async function buildAndPack(stage: string): Promise<string> {
  await rm(stage, { recursive: true, force: true })
  const packageDir = join(stage, 'package')
  await mkdir(packageDir, { recursive: true })
  // Why: build into a staging copy, so the shared dist/ other work relies on is never cleaned under it.
  await run(process.execPath, [join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--out-dir', join(packageDir, 'dist')], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 540_000,
  })
  await cp(join(ROOT, 'package.json'), join(packageDir, 'package.json'))
  await cp(join(ROOT, 'README.md'), join(packageDir, 'README.md')).catch(() => undefined)
  // Why the same strip as prepack: the user's tarball carries no prepare script.
  await run(process.execPath, [join(ROOT, 'scripts', 'pack-manifest.mjs'), 'strip', packageDir])
  // Why --ignore-scripts on pack: dist/ is built here already, and prepare (the build for git installs) would run again.
  const { stdout } = await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', stage], { cwd: packageDir, timeout: 120_000 })
  return join(stage, stdout.trim().split('\n').pop()!)
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256')
  for (const source of SOURCES) {
    for (const file of await listFiles(join(ROOT, source))) {
      hash.update(relative(ROOT, file)).update('\0').update(await readFile(file)).update('\0')
    }
  }
  return hash.digest('hex').slice(0, 16)
}

async function listFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return []
  if (info.isFile()) return [path]
  const entries = await readdir(path, { withFileTypes: true })
  const nested = await Promise.all(entries.sort((a, b) => (a.name < b.name ? -1 : 1)).map((entry) => listFiles(join(path, entry.name))))
  return nested.flat()
}

async function readText(path: string): Promise<string | undefined> {
  return (await readFile(path, 'utf8').catch(() => undefined))?.trim() || undefined
}

/** A lock left behind by a killed run would block every later one: take it over when its holder is gone. */
async function stealIfStale(lock: string): Promise<void> {
  const holder = Number(await readText(join(lock, 'pid')))
  const info = await stat(lock).catch(() => undefined)
  if (!info) return
  const alive = Number.isInteger(holder) && holder > 0 && isRunning(holder)
  // Why the grace period: between mkdir and writing the pid, a live holder has no pid file yet.
  if (!alive && Date.now() - info.mtimeMs > 5_000) await rm(lock, { recursive: true, force: true })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Stages for sources that changed more than an hour ago are never used again. */
async function removeOldStages(current: string): Promise<void> {
  const parent = join(current, '..')
  for (const entry of await readdir(parent, { withFileTypes: true })) {
    const path = join(parent, entry.name)
    if (!entry.isDirectory() || entry.name === 'lock' || path === current) continue
    const info = await stat(path).catch(() => undefined)
    if (info && Date.now() - info.mtimeMs > 60 * 60_000) await rm(path, { recursive: true, force: true })
  }
}
