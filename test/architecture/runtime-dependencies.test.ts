import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  '//': { dependencies: Record<string, string> }
  dependencies: Record<string, string>
}

/** The text of every TypeScript file users run: src/, matchers/, setup/. */
function runtimeSources(): string[] {
  return ['src', 'matchers', 'setup'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(root, folder, file), 'utf8')),
  )
}

/** True when some source imports, dynamically imports or requires the package (or a path inside it). */
function imported(name: string, sources: string[]): boolean {
  const quoted = new RegExp(`(?:from |import\\(|require\\(|\\)\\()'${name.replace(/[/.]/g, '\\$&')}(?:/[^']*)?'`)
  return sources.some((source) => quoted.test(source))
}

test('every runtime dependency is imported by code users run, and package.json says why it is there', () => {
  const sources = runtimeSources()
  const names = Object.keys(manifest.dependencies)
  expect(names.filter((name) => !imported(name, sources)), 'runtime dependencies no runtime code imports: move them to devDependencies').toEqual([])
  expect(Object.keys(manifest['//'].dependencies)).toEqual(names)
})
