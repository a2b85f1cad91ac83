#!/usr/bin/env node
// Builds dist/ (the library, the setup files and the `mcp-contract` binary) unless it is newer
// than every source it is built from. Runs as `prepare`, so installing from git
// (`npm i -D github:OWNER/mcp-contract`) gets a working package, and before `npm test`.
// Why not always build: `prepare` also runs on every `npm ci` here, and `npm ci && npm test`
// would otherwise build twice.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const SOURCES = ['src', 'matchers', 'setup', 'package.json', 'tsup.config.ts', 'mcp-contract.config.schema.json', 'mcp-consumer-contract.schema.json', 'mcp-contract.schema.json']
const BUILT = join(root, 'dist', 'cli.cjs')

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  let info
  try {
    info = statSync(path)
  } catch {
    return 0
  }
  if (!info.isDirectory()) return info.mtimeMs
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = newest(BUILT)
const stale = built === 0 || SOURCES.some((source) => newest(join(root, source)) > built)
if (!stale) {
  console.log('dist/ is up to date with its sources; not rebuilding.')
  process.exit(0)
}
const tsup = join(root, 'node_modules', 'tsup', 'dist', 'cli-default.js')
const result = spawnSync(process.execPath, [tsup, '--silent'], { cwd: root, stdio: 'inherit' })
process.exit(result.status ?? 1)
