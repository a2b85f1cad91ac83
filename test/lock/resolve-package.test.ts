import { expect, test } from 'vitest'
import { isResolved, resolvePackage } from '../../src/lock/client-config/resolve-package.js'

// Why the real registry: the answer is what a user's npm gives; @modelcontextprotocol/server-memory@2025.4.25 is published and immutable.
test('an exact npm version resolves to itself with the registry’s integrity', { timeout: 60_000 }, async () => {
  const resolved = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '2025.4.25', runner: 'npx' })
  expect(resolved).toEqual({ name: '@modelcontextprotocol/server-memory', version: '2025.4.25', integrity: expect.stringMatching(/^sha512-[A-Za-z0-9+/]+=*$/) })
  expect(isResolved(resolved)).toBe(true)
})

test('a range resolves to the highest matching version, as a runner installs', { timeout: 60_000 }, async () => {
  const resolved = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '>=2025.4.25 <2025.8.0', runner: 'npx' })
  expect(resolved).toMatchObject({ name: '@modelcontextprotocol/server-memory', version: expect.stringMatching(/^2025\.[4-7]\./) })
  const exact = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '2025.4.25', runner: 'npx' })
  expect(isResolved(resolved) && isResolved(exact) && resolved.version >= exact.version).toBe(true)
})

test('no requested version is latest', { timeout: 60_000 }, async () => {
  const resolved = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', runner: 'npx' })
  expect(resolved).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), integrity: expect.stringMatching(/^sha512-/) })
})

test('an unknown package or version is a clear could-not-resolve, not a crash', { timeout: 60_000 }, async () => {
  const missing = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/no-such-server-ever', runner: 'npx' })
  expect(missing).toMatchInlineSnapshot(`
    {
      "name": "@modelcontextprotocol/no-such-server-ever",
      "problem": "could not resolve @modelcontextprotocol/no-such-server-ever@latest with npm view: the npm registry has no package @modelcontextprotocol/no-such-server-ever",
    }
  `)
  const noVersion = await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '1999.1.1', runner: 'npx' })
  expect(noVersion).toMatchInlineSnapshot(`
    {
      "name": "@modelcontextprotocol/server-memory",
      "problem": "could not resolve @modelcontextprotocol/server-memory@1999.1.1 with npm view: the npm registry has no version of @modelcontextprotocol/server-memory matching 1999.1.1",
    }
  `)
})

test('PyPI out of reach is a could-not-resolve saying so', { timeout: 60_000 }, async () => {
  const resolved = await resolvePackage({ ecosystem: 'pypi', name: 'mcp-server-fetch', requested: '2025.4.7', runner: 'uvx' }, { timeoutMs: 5_000 })
  expect(isResolved(resolved)).toBe(false)
  expect(resolved).toEqual({ name: 'mcp-server-fetch', problem: expect.stringMatching(/^could not resolve mcp-server-fetch on PyPI: https:\/\/pypi\.org\/pypi\/mcp-server-fetch\/2025\.4\.7\/json (could not be reached|answered)/) })
})
