import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toHonorContract } from '../../matchers/index.js'
import { runCli, type CliIo } from '../../src/cli/run-cli.js'
import { literalsIn, loadParser, sourceLiterals } from '../../src/consumer/source-literals.js'
import { usedEntities } from '../../src/consumer/used-by-sources.js'
import { policyProblem } from '../../src/diff/policy.js'
import { captureSurface, writeContract, type Surface } from '../../src/index.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { ROOT } from '../support/run-cli-process.js'

const consumer = 'test/fixtures/consumers/checkout-agent'
let dir: string
let v1: Surface
let v2: Surface

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-used-by-'))
  v1 = await captureSurface(createCatalogServer('v1'))
  v2 = await captureSurface(createCatalogServer('v2'))
  await writeContract(join(dir, 'v1.json'), v1)
  await writeContract(join(dir, 'v2.json'), v2)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI in this process with buffers for stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: ROOT, env: process.env }
  const code = await runCli(args, io)
  return { code, stdout, stderr: stderr.replaceAll(ROOT, '<root>/').replaceAll(ROOT.replace(/\/$/, ''), '<root>') }
}

describe('reading a consumer source', () => {
  beforeAll(loadParser)

  test('finds plain and template string literals with their lines, in TypeScript and TSX; templates with ${} are not names', () => {
    const text = "const a = 'one'\nconst b = `two`\nconst c = `x${a}`\nconst d = <div title=\"three\">{'four' as string}</div>\n"
    expect(literalsIn(text, 'view.tsx')).toEqual([
      { value: 'one', line: 1 },
      { value: 'two', line: 2 },
      { value: 'three', line: 4 },
      { value: 'four', line: 4 },
    ])
  })

  test('a `<T>x` cast in a .ts file parses (TypeScript without JSX)', () => {
    expect(literalsIn("const n = <string>'search_products'\n", 'cast.ts')).toEqual([{ value: 'search_products', line: 1 }])
  })

  test('only names on the surface count, a sentence that mentions one does not', async () => {
    const used = usedEntities(await sourceLiterals([consumer], ROOT), [v1])
    expect(used).toEqual([
      {
        entity: 'tool',
        name: 'search_products',
        sites: [
          { file: `${consumer}/cart-view.tsx`, line: 4 },
          { file: `${consumer}/run-checkout.ts`, line: 5 },
        ],
      },
      { entity: 'prompt', name: 'summarize_product', sites: [{ file: `${consumer}/run-checkout.ts`, line: 6 }] },
      { entity: 'resource', name: 'catalog://categories', sites: [{ file: `${consumer}/cart-view.tsx`, line: 3 }] },
    ])
  })

  test('a pattern that names no source file, and a file that does not parse, say what to pass', async () => {
    const missing = await sourceLiterals(['test/fixtures/consumers/nothing-here/**'], ROOT).catch((caught: Error) => caught)
    expect((missing as Error).message.replaceAll(ROOT, '<root>/')).toMatchSnapshot()
    await writeFile(join(dir, 'broken.ts'), "export const tool = 'search_products\n")
    const error = await sourceLiterals(['broken.ts'], dir).catch((caught: Error) => caught)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatchSnapshot()
  })
})

describe('CLI: --used and --used-by', () => {
  test('show --used-by prints each used name with file:line', async () => {
    const run = await cli(['show', '--used-by', consumer, '--', 'node', 'test/fixtures/servers/catalog.js'])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatchSnapshot()
  })

  test('show --used-by --format json lists the entities and their sites', async () => {
    const run = await cli(['show', '--format', 'json', '--used-by', `${consumer}/*.ts`, '--', 'node', 'test/fixtures/servers/catalog.js'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).used.map((entry: { name: string }) => entry.name)).toEqual(['search_products', 'summarize_product'])
  })

  test('diff without a scope fails on the v2 drift', async () => {
    const run = await cli(['diff', join(dir, 'v1.json'), join(dir, 'v2.json')])
    expect(run.code).toBe(1)
  })

  test('diff --used-by: the consumer uses none of what broke, so the drift is listed out of scope and passes', async () => {
    const run = await cli(['diff', join(dir, 'v1.json'), join(dir, 'v2.json'), '--used-by', consumer])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchSnapshot()
  })

  test('diff --used with a glob that reaches a broken tool fails; changes elsewhere stay listed, out of scope', async () => {
    const run = await cli(['diff', join(dir, 'v1.json'), join(dir, 'v2.json'), '--used', 'search_products, get_*'])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('check --used-by against a live drifted server', async () => {
    const run = await cli(['check', '--contract', join(dir, 'v1.json'), '--used-by', consumer, '--format', 'json', '--', 'node', 'test/fixtures/servers/catalog.js'])
    expect(run.code).toBe(0)
  })

  test.each([
    { title: 'an empty name in --used', args: ['diff', 'a.json', 'b.json', '--used', 'a,,b'] },
    { title: '--used with show', args: ['show', '--used', 'a', '--', 'node', 'x.js'] },
    { title: '--used-by with lint', args: ['lint', '--used-by', 'src', '--', 'node', 'x.js'] },
  ])('usage error: $title', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchSnapshot()
  })

  test('a --used-by that names nothing stops before any server starts', async () => {
    const run = await cli(['check', '--contract', join(dir, 'v1.json'), '--used-by', 'no/such/dir', '--', 'node', 'test/fixtures/servers/hang-at-initialize.js'])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchSnapshot()
  })
})

describe('matchers: usedBy in the policy', () => {
  const honor = (file: string, policy: object) =>
    toHonorContract.call({ isNot: false, testPath: join(ROOT, 'test/consumer/used-by.test.ts'), currentTestName: 'x', snapshotState: { _updateSnapshot: 'none' } }, createCatalogServer('v2'), file, policy)

  test('a drift in tools the consumer does not name passes', async () => {
    const result = await honor(join(dir, 'v1.json'), { usedBy: ['test/fixtures/consumers/checkout-agent'] })
    expect(result.pass).toBe(true)
  })

  test('the same drift fails once the consumer names a broken tool', async () => {
    const result = await honor(join(dir, 'v1.json'), { usedBy: ['test/fixtures/consumers/checkout-agent'], used: ['get_product'] })
    expect(result.pass).toBe(false)
    expect(result.message()).toContain('get_product')
  })

  test('policyProblem names a usedBy that is not a list of patterns', () => {
    expect(policyProblem({ usedBy: 'src' })).toMatchInlineSnapshot(`"usedBy must be a non-empty list of the consumer's source files or globs, relative to the project root, such as ['src/agent/**/*.ts']; got "src"."`)
    expect(policyProblem({ usedBy: [] })).toBeDefined()
  })

  test('a usedBy that names nothing fails at the call, saying which pattern', async () => {
    const error = await honor(join(dir, 'v1.json'), { usedBy: ['no-such-folder'] }).catch((caught: Error) => caught)
    expect((error as Error).message.replaceAll(dir, '<dir>').replaceAll(ROOT, '<root>/').replaceAll(ROOT.replace(/\/$/, ''), '<root>')).toMatchSnapshot()
  })
})
