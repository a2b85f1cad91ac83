import { readFileSync } from 'node:fs'

/**
 * This package's version, read from its package.json (one folder above `dist/`).
 * @example packageVersion() // '0.1.0'
 */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
}
