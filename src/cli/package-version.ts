import { readFileSync } from 'node:fs'

/**
 * This package's version, read from its package.json: one folder above `dist/` when built,
 * two above `src/cli/` when the source itself runs (as in this repository's tests).
 * @example packageVersion() // '0.1.0'
 */
export function packageVersion(): string {
  // Why both places: every report now carries the tool's version (SARIF driver.version), so a
  // report made from the source must find the same package.json the built CLI finds.
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { version: string }).version
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new Error(`no package.json above ${import.meta.url}`)
}
