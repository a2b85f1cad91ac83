/** Figures the README states about the built package, checked against what `npm run build` makes. */
import { readFileSync, statSync } from 'node:fs'
import { expect, test } from 'vitest'

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const built = (file: string) => statSync(new URL(`../../dist/${file}`, import.meta.url)).size

test('the setup module size the README states is what the build makes, to the nearest 5 KB', () => {
  const stated = /`mcp-contract\/vitest` loads one module of about (\d+) KB/.exec(readme)
  expect(stated, 'the README states the setup module size').not.toBeNull()
  // Why both files: the setup file is one import of register-vitest.js, which holds the registration.
  const kilobytes = (built('vitest.js') + built('register-vitest.js')) / 1024
  expect(Math.abs(kilobytes - Number(stated![1]))).toBeLessThanOrEqual(5)
})
