/**
 * The framework tests (test/frameworks) run again against the newest majors, which need Node 22:
 * `scripts/test-current-runners.sh` runs them with this config on Node 22 and 24. A framework
 * package this folder installs is loaded from here instead of from test/frameworks; a file of
 * test/frameworks that has a namesake here (a consumer written for a major whose API changed)
 * is replaced by it. Everything else, snapshots included, is shared: the newest majors must
 * record the same contracts and get the same verdicts.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { defineConfig, type Plugin } from 'vitest/config'

const HERE = import.meta.dirname
const FRAMEWORKS = join(HERE, '..', 'frameworks')
const NEWEST = Object.keys((JSON.parse(readFileSync(join(HERE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies)

/** Whether `specifier` names one of the packages installed here, or a file of one. */
function isNewest(specifier: string): boolean {
  return NEWEST.some((name) => specifier === name || specifier.startsWith(`${name}/`))
}

/** Resolves what test/frameworks imports against this folder's installs and overrides. */
function newestMajors(): Plugin {
  return {
    name: 'newest-framework-majors',
    enforce: 'pre',
    async resolveId(specifier, importer, options) {
      // Why only importers of test/frameworks itself: the frameworks' own imports resolve natively from where they are installed.
      if (importer === undefined || !importer.startsWith(FRAMEWORKS + sep) || importer.includes(`${sep}node_modules${sep}`)) return null
      if (isNewest(specifier)) return this.resolve(specifier, join(HERE, 'package.json'), { ...options, skipSelf: true })
      const resolved = await this.resolve(specifier, importer, { ...options, skipSelf: true })
      if (resolved === null || !resolved.id.startsWith(FRAMEWORKS + sep)) return resolved
      const override = join(HERE, relative(FRAMEWORKS, resolved.id))
      return existsSync(override) ? override : resolved
    },
  }
}

export default defineConfig({
  root: join(HERE, '..', '..'),
  plugins: [newestMajors()],
  test: {
    include: ['test/frameworks/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
