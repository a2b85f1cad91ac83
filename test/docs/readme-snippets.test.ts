/**
 * The README's files, run as they are written. A code block whose first line is `// <path>` (and
 * nothing else) is that whole file of a user's project. They are written into a fresh project
 * with the packed package: an ES-module package.json and the tsconfig `tsc --init` writes, with the
 * README's tsconfig block merged in as it says (keeping the `types` already listed). The project
 * must type-check, record on its first runs and pass in CI, on the repository's Vitest 4.1 or on
 * the toolchain `MCP_CONTRACT_TOOLCHAIN` names (Vitest 5.1, `npm run test:runners`).
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { E2eProject } from '../e2e/support/e2e-project.js'
import { ROOT } from '../e2e/support/packed-package.js'

const run = promisify(execFile)

/** One README block that is a whole file. */
interface ReadmeFile {
  path: string
  text: string
}

/** The blocks of `readme` that are whole files, in the order they appear. */
function readmeFiles(readme: string): ReadmeFile[] {
  const blocks = readme.matchAll(/^```(?:ts|js|json|jsonc)\n(\/\/ ([\w.-]+(?:\/[\w.-]+)*\.(?:ts|js|mjs|cjs|json))\n[\s\S]*?)^```$/gm)
  return [...blocks].map(([, text, path]) => ({ path, text }))
}

/** What TypeScript's JSON-with-comments reader makes of a tsconfig text; fails on a syntax error. */
function readTsconfig(text: string, path: string): { compilerOptions: Record<string, unknown> } {
  const { config, error } = ts.parseConfigFileTextToJson(path, text)
  if (error) throw new Error(`${path}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`)
  return config as { compilerOptions: Record<string, unknown> }
}

/** Why both: the build needs 5.9's API, users starting today get the native compiler 7 (its `--init` too). */
const COMPILERS = [
  { version: 5.9, tsc: join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc') },
  { version: 7, tsc: join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc') },
]

/** What a run of `tsc` printed; empty when it found nothing. */
async function tsc(compiler: string, args: string[], cwd: string): Promise<string> {
  return run(process.execPath, [compiler, ...args], { cwd }).then(
    () => '',
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}` || 'tsc failed',
  )
}

const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
const files = readmeFiles(readme)

test('the README gives the first hour as whole files: setup, a server, its test, a consumer and its verification', () => {
  expect(files.map(({ path }) => path)).toEqual(['vitest.config.ts', 'tsconfig.json', 'src/server.ts', 'test/server.test.ts', 'test/agent.test.ts', 'test/consumers.test.ts'])
})

describe('a fresh project made of the README’s files', () => {
  let project: E2eProject
  const written: Record<string, Buffer | undefined> = {}
  const recorded = ['mcp-contract.json', 'test/__snapshots__/server.test.ts.snap', 'contracts/agent.mcp-consumer.json']

  beforeAll(async () => {
    const sources = Object.fromEntries(files.filter(({ path }) => path !== 'tsconfig.json').map(({ path, text }) => [path, text]))
    project = await E2eProject.create('vitest', { 'package.json': JSON.stringify({ name: 'readme-user', private: true, type: 'module' }, null, 2), ...sources })
    expect(await tsc(COMPILERS[1].tsc, ['--init'], project.dir)).toBe('')
    const initial = readTsconfig((await project.read('tsconfig.json'))!.toString(), 'tsconfig.json')
    const { compilerOptions } = readTsconfig(files.find(({ path }) => path === 'tsconfig.json')!.text, 'README tsconfig.json')
    const types = [...new Set([...((initial.compilerOptions.types as string[] | undefined) ?? []), ...(compilerOptions.types as string[])])]
    await project.write('tsconfig.json', JSON.stringify({ ...initial, compilerOptions: { ...initial.compilerOptions, ...compilerOptions, types } }, null, 2))
  }, 300_000)

  afterAll(async () => {
    await project?.remove()
  })

  test.each(COMPILERS)('type-checks with TypeScript $version', { timeout: 300_000 }, async ({ tsc: compiler }) => {
    expect(await tsc(compiler, ['-p', '.', '--noEmit'], project.dir)).toBe('')
  })

  test('the consumer records, the provider records and verifies, then CI passes and writes nothing', { timeout: 300_000 }, async () => {
    // Why the consumer first: its contract is what the provider's verification reads.
    const consumer = await project.run(['test/agent.test.ts'])
    expect(consumer.code, consumer.output).toBe(0)
    const first = await project.run([])
    expect(first.code, first.output).toBe(0)
    expect(first.report.numPassedTests).toBe(3)
    for (const path of recorded) {
      written[path] = await project.read(path)
      expect(written[path], `${path} was recorded`).toBeDefined()
    }
    // Why: the README says the field the agent reads is kept.
    expect(JSON.parse(written['contracts/agent.mcp-consumer.json']!.toString()).tools).toMatchObject([{ name: 'search', examples: [{ query: 'desk' }], reads: ['items'] }])

    const ci = await project.run([], { CI: 'true' })
    expect(ci.code, ci.output).toBe(0)
    expect(ci.report.snapshot).toMatchObject({ added: 0, updated: 0, unmatched: 0 })
    for (const path of recorded) expect(await project.read(path), path).toEqual(written[path])
  })
})
