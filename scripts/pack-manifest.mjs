#!/usr/bin/env node
// Runs as `prepack` (`strip`) and `postpack` (`restore`): the packed package.json carries no
// `prepare` script. Why: `prepare` builds dist/ for a git install (`npm i -D github:OWNER/mcp-contract`,
// where npm runs it in the clone before packing it); in the tarball dist/ is built already and the
// script names a file the tarball does not hold. `strip DIR` strips the package.json in DIR, for a
// staged copy that is packed with --ignore-scripts and needs no restore.
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [action, dir = join(import.meta.dirname, '..')] = process.argv.slice(2)
const manifest = join(dir, 'package.json')
// Why beside it, not in a temporary folder: an interrupted pack leaves it where the next run finds it.
const kept = join(dir, '.package.json.before-pack')

if (action === 'strip') {
  if (existsSync(kept)) restore()
  if (process.argv[3] === undefined) copyFileSync(manifest, kept)
  const text = readFileSync(manifest, 'utf8')
  const json = JSON.parse(text)
  delete json.scripts?.prepare
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`)
} else if (action === 'restore') {
  restore()
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip [DIR] | restore')
  process.exit(2)
}

/** Puts the package.json back as it was, its time too (build-if-stale compares times). */
function restore() {
  if (!existsSync(kept)) return
  const { atime, mtime } = statSync(kept)
  copyFileSync(kept, manifest)
  utimesSync(manifest, atime, mtime)
  rmSync(kept)
}
