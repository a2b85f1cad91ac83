import { createMcpHandler } from '@modelcontextprotocol/server'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { printSurfaceSnapshot, toHonorContract, toMatchMcpContract } from '../../matchers/index.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import '../../setup/vitest.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { serializeContract, writeContract } from '../../src/contract/contract-file.js'
import type { Surface } from '../../src/surface/types.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createEraSplitServer } from '../fixtures/servers/era-split-server.js'
import { printedWithEveryHint } from '../support/earlier-snapshot-format.js'

const HANG_AT_INITIALIZE = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hang-at-initialize.js')
const HANG_ON_LIST = join(import.meta.dirname, '..', 'fixtures', 'servers', 'hang-on-list.js')
const ROOT_ALL_OF = join(import.meta.dirname, '..', 'fixtures', 'servers', 'root-all-of.js')

/** An error's or a result's message without colors, with a temporary folder replaced by `<dir>`. */
function plain(message: string, dir?: string): string {
  // eslint-disable-next-line no-control-regex
  const text = message.replace(/\u001b\[[0-9;]*m/g, '')
  return dir ? text.replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>') : text
}

function thrownBy(call: () => unknown): string {
  try {
    call()
  } catch (error) {
    return plain((error as Error).message)
  }
  throw new Error('expected the call to throw')
}

describe('rejected before anything connects', () => {
  test.each([
    { title: '.not.toMatchMcpContract', call: (factory: () => never) => expect(factory).not.toMatchMcpContract() },
    { title: '.not.toHonorContract', call: (factory: () => never) => expect(factory).not.toHonorContract('mcp-contract.json') },
  ])('$title throws synchronously and never calls the factory', ({ call }) => {
    let called = false
    const factory = (): never => {
      called = true
      throw new Error('must not be called')
    }
    expect(thrownBy(() => call(factory))).toMatchSnapshot()
    expect(called).toBe(false)
  })

  test.each([
    { title: 'a string', received: 'node server.js' },
    { title: 'a number', received: 42 },
    { title: 'an object of the wrong shape', received: { host: 'localhost', port: 3000 } },
  ])('$title is not a target: the message lists what is accepted', ({ received }) => {
    expect(thrownBy(() => expect(received).toMatchMcpContract())).toMatchSnapshot()
  })

  test.each([
    { title: 'failOn that is not a severity', call: () => expect(createCatalogServer('v1')).toHonorContract('x.json', { failOn: 'fatal' as never }) },
    { title: 'a policy that is not an object', call: () => expect(createCatalogServer('v1')).toMatchMcpContract('hint', 'risky' as never) },
    { title: 'a contract path that is not a string', call: () => expect(createCatalogServer('v1')).toHonorContract(undefined as never) },
    { title: 'a policy option spelled wrong', call: () => expect(createCatalogServer('v1')).toMatchMcpContract({ failon: 'breaking' } as never) },
    { title: 'a contentModel that is not one', call: () => expect(createCatalogServer('v1')).toHonorContract('x.json', { contentModel: 'loose' as never }) },
    { title: 'used that is not a list', call: () => expect(createCatalogServer('v1')).toHonorContract('x.json', { used: 'search_*' as never }) },
  ])('$title', ({ call }) => {
    expect(thrownBy(call)).toMatchSnapshot()
  })

  test.each([
    { title: 'toHonorContract', call: (factory: () => never) => expect(factory).toHonorContract('x.json', { ignore: ['tool-remove'] }) },
    { title: 'toMatchMcpContract', call: (factory: () => never) => expect(factory).toMatchMcpContract({ ignore: ['tool-description-changed', 'hint-flipped'] }) },
  ])('$title: an ignore id that names no change kind is rejected, and the factory is never called', async ({ call }) => {
    let called = false
    const factory = (): never => {
      called = true
      throw new Error('must not be called')
    }
    const error = await (call(factory) as Promise<unknown>).then(() => undefined, (thrown: unknown) => thrown as Error)
    expect(plain(error!.message)).toMatchSnapshot()
    expect(error!.stack).toContain('matchers.test.ts')
    expect(called).toBe(false)
  })
})

describe("a matcher's error shows the user's frames, not this package's", () => {
  const OWN = ['matchers', 'src', 'setup'].map((name) => `${join(import.meta.dirname, '..', '..', name)}/`)
  /** The frames of `stack` inside this package's own code. */
  const ownFrames = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line) && OWN.some((folder) => line.includes(folder)))
  const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as Error)

  test.each([
    {
      title: 'a usage error thrown at once',
      error: async () => {
        try {
          void expect(createCatalogServer('v1')).toMatchMcpContract({ failon: 'breaking' } as never)
        } catch (error) {
          return error as Error
        }
        return undefined
      },
    },
    { title: 'a usage error found after loading', error: () => rejection(expect(createCatalogServer('v1')).toHonorContract('x.json', { ignore: ['tool-remove'] }) as Promise<unknown>) },
    {
      title: 'a project configuration that is not JSON',
      error: async () => {
        const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-frames-'))
        try {
          await writeFile(join(dir, 'mcp-contract.config.json'), '{ "failOn": ')
          const context = { isNot: false, testPath: join(dir, 'frames.test.js'), currentTestName: 'frames', snapshotState: { _updateSnapshot: 'none' } }
          return await rejection(toHonorContract.call(context, createCatalogServer('v1'), 'mcp-contract.json'))
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      },
    },
  ])('$title', async ({ error }) => {
    const thrown = await error()
    expect(thrown).toBeInstanceOf(Error)
    expect(thrown!.stack).toContain('matchers.test.ts')
    expect(ownFrames(thrown!.stack)).toEqual([])
  })
})

describe('waits', () => {
  // Why 4 s: loading the engine and the SDK alone can take more than a second on a busy machine.
  test('stop a little before the test timeout, naming the step that waited and where the timeout is set', { timeout: 4_000 }, async () => {
    const started = Date.now()
    const error = await expect({ command: process.execPath, args: [HANG_AT_INITIALIZE] }).toMatchMcpContract().then(
      () => undefined,
      (rejection: unknown) => rejection as Error,
    )
    expect(Date.now() - started).toBeLessThan(4_000)
    expect(plain(String(error?.message))).toMatch(/Stopped waiting for stdio: .* after \d+ ms while waiting for .+, so the connection closes before the test's 4000 ms timeout\./)
    expect(plain(String(error?.message)).replace(/stdio: \S+ \S+/, 'stdio: <node> <server>').replace(/after \d+ ms/, 'after <n> ms')).toMatchInlineSnapshot(`
      "expect(server).toMatchMcpContract()

      Stopped waiting for stdio: <node> <server> after <n> ms while waiting for initialize, so the connection closes before the test's 4000 ms timeout.
      Raise the test timeout (\`testTimeout\` in vitest.config, or \`test(name, { timeout: 30_000 }, fn)\`), or find out why the server is slow to start or to list."
    `)
  })

  test("stop when the test's abort signal fires", async () => {
    const controller = new AbortController()
    const context = { isNot: false, currentTestName: 'aborted', task: { id: 'aborted', timeout: 0, context: { signal: controller.signal }, file: { filepath: join(tmpdir(), 'x.test.js') } } }
    setTimeout(() => controller.abort(), 200)
    const started = Date.now()
    const error = await toHonorContract.call(context, { command: process.execPath, args: [HANG_AT_INITIALIZE] }, 'never-written.json').then(
      () => undefined,
      (rejection: unknown) => rejection as Error,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(plain(String(error?.message))).toMatch(/abort/i)
  })

  // Why a 10 s wait: a matcher's steps wait capture's default limit, which no matcher option changes.
  test("a step that runs out of time advises what a matcher's user can change: a surface captured with a longer timeoutMs", { timeout: 30_000 }, async () => {
    const error = await expect({ command: process.execPath, args: [HANG_ON_LIST] }).toMatchMcpContract().then(
      () => undefined,
      (rejection: unknown) => rejection as Error,
    )
    expect(plain(String(error?.message)).replaceAll(HANG_ON_LIST, '<hang-on-list.js>').replaceAll(process.execPath, '<node>')).toMatchSnapshot()
  })
})

describe('toHonorContract', () => {
  let dir: string
  let v1: Surface
  let v2: Surface
  let additive: Surface

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-contract-matchers-'))
    // Why a package.json: it makes dir the project root, which relative contract paths resolve from.
    await writeFile(join(dir, 'package.json'), '{"name":"matchers"}')
    v1 = await captureSurface(createCatalogServer('v1'))
    v2 = await captureSurface(createCatalogServer('v2'))
    additive = { ...v1, tools: [...v1.tools!, { ...v1.tools![0], name: 'zz_new_tool' }] }
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('an SDK 2.x createMcpHandler handler is a target, read in the 2026-07-28 era', async () => {
    const handler = createMcpHandler(createEraSplitServer)
    try {
      const contract = join(dir, 'handler.json')
      const modern = await captureSurface(handler, { era: '2026-07-28' })
      expect(modern.tools?.map((tool) => tool.name)).toEqual(['export', 'search'])
      await writeContract(contract, modern)
      await expect(handler).toHonorContract(contract, { era: '2026-07-28' })
      // A contract recorded in both eras is checked in both with no option.
      const both = join(dir, 'handler-both.json')
      await writeContract(both, await captureSurface(handler, { era: 'both' }))
      await expect(handler).toHonorContract(both)
    } finally {
      await handler.close()
    }
  })

  test('under Vitest, passes when nothing drifted', async () => {
    const contract = join(dir, 'vitest.json')
    await writeContract(contract, v1)
    await expect(createCatalogServer('v1')).toHonorContract(contract)
  })

  describe('where the runner has no file snapshot (Jest), the contract file is handled by the rules', () => {
    /** Calls the raw matcher as Jest would, in a given update mode. */
    async function honor(received: unknown, file: string, mode: UpdateMode, policy?: object): Promise<MatcherResult> {
      const context = { isNot: false, testPath: join(dir, 'catalog.test.js'), currentTestName: 'catalog', snapshotState: { _updateSnapshot: mode } }
      return toHonorContract.call(context, received, file, policy)
    }

    test.each([
      { title: 'a missing file is written outside CI', mode: 'new' as const, pass: true, written: true },
      { title: 'a missing file is written under -u', mode: 'all' as const, pass: true, written: true },
      { title: 'a missing file fails in CI, and nothing is written', mode: 'none' as const, pass: false, written: false },
    ])('$title', async ({ mode, pass, written }) => {
      const file = `missing-${mode}.json`
      const result = await honor(v1, file, mode)
      expect(result.pass).toBe(pass)
      if (!pass) expect(plain(result.message(), dir)).toMatchSnapshot()
      expect(await readFile(join(dir, file), 'utf8').catch(() => undefined)).toBe(written ? serializeContract(v1) : undefined)
    })

    test('a consumer contract where the provider contract belongs is refused, even under -u, and left as it is', async () => {
      const file = join(dir, 'agent.mcp-consumer.json')
      const consumer = `${JSON.stringify({ format: 1, consumer: 'agent', tools: [{ name: 'search_products', examples: [{ query: 'lamp' }], reads: ['items'] }], prompts: [], resources: [] }, null, 2)}\n`
      await writeFile(file, consumer)
      const result = await honor(v1, file, 'all')
      expect(result.pass).toBe(false)
      expect(plain(result.message(), dir)).toMatchSnapshot()
      expect(await readFile(file, 'utf8')).toBe(consumer)
    })

    test('a contract with named authorizations (recorded with --as) is refused, even under -u, and left as it is', async () => {
      const file = join(dir, 'authorizations.json')
      await writeContract(file, { ...v1, authorizations: { admin: v1 } })
      const before = await readFile(file, 'utf8')
      const result = await honor(v1, file, 'all')
      expect(result.pass).toBe(false)
      expect(plain(result.message(), dir).split('\n').slice(2)).toMatchInlineSnapshot(`
        [
          "<dir>/authorizations.json records the surface as seen by named authorizations (admin), which a matcher cannot read the server as: it would check one view and pass over the others.",
          "Check it with the CLI, which reads the server as each one: mcp-contract check --url … (credentials with --as NAME, or "authorizations" in the project configuration).",
        ]
      `)
      expect(await readFile(file, 'utf8')).toBe(before)
    })

    test.each([
      { title: 'a breaking drift fails with the classified report', live: () => v2, mode: 'new' as const, pass: false, stored: () => v1 },
      { title: 'a breaking drift fails in CI too', live: () => v2, mode: 'none' as const, pass: false, stored: () => v1 },
      { title: 'under -u a drift is rewritten', live: () => v2, mode: 'all' as const, pass: true, stored: () => v2 },
      { title: 'a drift below failOn passes and the file stays as recorded', live: () => additive, mode: 'new' as const, pass: true, stored: () => v1 },
    ])('$title', async ({ live, mode, pass, stored }) => {
      const file = join(dir, `drift-${mode}-${pass}.json`)
      await writeContract(file, v1)
      const result = await honor(live(), file, mode)
      expect(result.pass).toBe(pass)
      if (!pass) expect(plain(result.message(), dir)).toMatchSnapshot()
      expect(await readFile(file, 'utf8')).toBe(serializeContract(stored()))
    })

    test('the report in the message is never coloured, even with FORCE_COLOR set', async () => {
      vi.stubEnv('FORCE_COLOR', '1')
      try {
        const file = join(dir, 'drift-colour.json')
        await writeContract(file, v1)
        const message = (await honor(v2, file, 'new')).message()
        expect(message).toContain('\ntool legacy_export · 1 breaking\n  breaking  tool-removed\n')
        expect(message).toContain('\n5 changes · 3 breaking · 1 routing · 1 additive — fails at risky and above\n')
      } finally {
        vi.unstubAllEnvs()
      }
    })

    test('failOn decides what fails: routing text drift passes by default, fails when strict', async () => {
      const file = join(dir, 'routing.json')
      await writeContract(file, v1)
      const retitled: Surface = { ...v1, server: { ...v1.server, instructions: 'Changed instructions.' } }
      expect((await honor(retitled, file, 'new')).pass).toBe(true)
      const strict = await honor(retitled, file, 'new', { strict: true })
      expect(strict.pass).toBe(false)
      expect(plain(strict.message(), dir)).toMatchSnapshot()
    })

    test('a tool that starts wrapping its input root in an allOf of one member fails when the contract vouches it was clean; an older file without digests passes', async () => {
      const server = (variant: 'plain' | 'all-of') => ({ command: process.execPath, args: [ROOT_ALL_OF], env: { ROOT_VARIANT: variant } })
      const file = 'root-all-of.json'
      expect((await honor(server('plain'), file, 'new')).pass).toBe(true)
      const recorded = await readFile(join(dir, file), 'utf8')
      expect(JSON.parse(recorded).vouched.tools).toHaveProperty('search')
      const wrapped = await honor(server('all-of'), file, 'new')
      expect(wrapped.pass).toBe(false)
      expect(plain(wrapped.message(), dir)).toMatchSnapshot()
      expect(await readFile(join(dir, file), 'utf8')).toBe(recorded)
      const { vouched: _vouched, ...older } = JSON.parse(recorded)
      await writeFile(join(dir, file), `${JSON.stringify(older, null, 2)}\n`)
      expect((await honor(server('all-of'), file, 'new')).pass).toBe(true)
      await writeFile(join(dir, 'root-all-of-off.json'), recorded)
      expect((await honor(server('all-of'), 'root-all-of-off.json', 'new', { profiles: [] })).pass).toBe(true)
    })

    test('ignore KIND:PATH scopes a kind to one tool: the drift passes only when each breaking change is named where it is', async () => {
      const file = join(dir, 'scoped-ignore.json')
      await writeContract(file, v1)
      const scoped = ['tool-removed:legacy_export', 'hint-reversed:get_product', 'argument-now-required:parse_catalog.pages']
      expect((await honor(v2, file, 'none', { ignore: scoped })).pass).toBe(true)
      const elsewhere = await honor(v2, file, 'none', { ignore: [...scoped.slice(0, 2), 'argument-now-required:search_products'] })
      expect(elsewhere.pass).toBe(false)
      expect(plain(elsewhere.message(), dir)).toContain('argument-now-required')
    })

    test('tokenBudget: a release of the real server that grows its tool list past the budget fails with the figures; within the budget it passes', async () => {
      const file = join(dir, 'token-budget.json')
      await writeContract(file, v1)
      const breaking = ['tool-removed:legacy_export', 'hint-reversed:get_product', 'argument-now-required:parse_catalog.pages']
      expect((await honor(createCatalogServer('v2'), file, 'none', { ignore: breaking, tokenBudget: { growth: 0.5 } })).pass).toBe(true)
      const grown = await honor(createCatalogServer('v2'), file, 'none', { ignore: breaking, tokenBudget: { growth: 0.2 } })
      expect(grown.pass).toBe(false)
      expect(plain(grown.message(), dir)).toMatchSnapshot()
    })

    test.each(['new', 'all', 'none'] as const)('a path into a folder that does not exist fails (%s), and creates nothing', async (mode) => {
      const file = `contrakts-${mode}/mcp-contract.json`
      let connected = false
      const result = await honor(() => ((connected = true), createCatalogServer('v1')), file, mode)
      expect(result.pass).toBe(false)
      expect(connected).toBe(false)
      expect(plain(result.message(), dir)).toMatchSnapshot()
      expect(await readFile(join(dir, file), 'utf8').catch(() => undefined)).toBeUndefined()
    })

    test.each([
      { title: 'two letters swapped', typo: 'mcp-contract.jsno', under: 'swapped' },
      { title: 'a letter typed extra', typo: 'mcp-contracts.json', under: 'extra' },
    ])('a missing path one slip away from a contract beside it ($title) fails with a did-you-mean and records nothing; -u records it', async ({ typo, under }) => {
      const folder = join(dir, under)
      await mkdir(folder)
      await writeContract(join(folder, 'mcp-contract.json'), v1)
      const file = `${under}/${typo}`
      for (const mode of ['new', 'none'] as const) {
        const result = await honor(v1, file, mode)
        expect(result.pass).toBe(false)
        expect(plain(result.message(), dir)).toMatchSnapshot()
      }
      expect(await readdir(folder)).toEqual(['mcp-contract.json'])
      // A name that is another file, not a slip, is recorded as ever; an explicit -u records even a close name.
      expect((await honor(v1, `${under}/mcp-contract-v2.json`, 'new')).pass).toBe(true)
      expect((await honor(v1, file, 'all')).pass).toBe(true)
      expect((await readdir(folder)).sort()).toEqual(['mcp-contract-v2.json', 'mcp-contract.json', typo].sort())
    })

    test('a new contract file is named in the run output; an unchanged one says nothing', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      try {
        expect((await honor(v1, 'named.json', 'new')).pass).toBe(true)
        expect((await honor(v1, 'named.json', 'new')).pass).toBe(true)
        expect(warn.mock.calls.map(([text]) => plain(String(text), dir))).toEqual(['mcp-contract: recorded a new contract file <dir>/named.json; review it and commit it.'])
      } finally {
        warn.mockRestore()
      }
    })

    test.each([
      { title: 'one additive change', name: 'behind-one.json', live: () => additive, policy: undefined },
      { title: 'routing and additive changes', name: 'behind-two.json', live: () => ({ ...additive, server: { ...additive.server, instructions: 'Changed instructions.' } }), policy: undefined },
    ])('a passing check that leaves the contract behind says so: $title', async ({ name, live, policy }) => {
      const file = join(dir, name)
      await writeContract(file, v1)
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      try {
        expect((await honor(live(), file, 'new', policy)).pass).toBe(true)
        expect(warn.mock.calls.map(([text]) => plain(String(text), dir).replace(/npx jest \S+ -u/, 'npx jest <test file> -u'))).toMatchSnapshot()
      } finally {
        warn.mockRestore()
      }
    })

    test('the project configuration places the contract file and sets the fail level', async () => {
      const root = join(dir, 'configured')
      await mkdir(join(root, 'contracts'), { recursive: true })
      await mkdir(join(root, 'test'))
      await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'configured', 'mcp-contract': { contractRoot: 'contracts', failOn: 'breaking' } }))
      const context = { isNot: false, testPath: join(root, 'test', 'catalog.test.js'), currentTestName: 'catalog', snapshotState: { _updateSnapshot: 'new' } }
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      try {
        expect((await toHonorContract.call(context, v1, 'catalog.json')).pass).toBe(true)
        expect(await readFile(join(root, 'contracts', 'catalog.json'), 'utf8')).toBe(serializeContract(v1))
        const routing: Surface = { ...v1, server: { ...v1.server, instructions: 'Changed instructions.' } }
        expect((await toHonorContract.call(context, routing, 'catalog.json', { strict: true })).pass).toBe(false)
        expect((await toHonorContract.call(context, v2, 'catalog.json')).pass).toBe(false)
      } finally {
        warn.mockRestore()
      }
    })

    test('a contract file that is not JSON fails with what to do', async () => {
      const file = join(dir, 'broken.json')
      await writeFile(file, '{ not json')
      const result = await honor(v1, file, 'new')
      expect(result.pass).toBe(false)
      expect(plain(result.message(), dir)).toMatchSnapshot()
    })
  })
})

describe('toMatchMcpContract when the stored snapshot differs', () => {
  let v1: Surface
  let v2: Surface
  let additive: Surface
  const matchers = (globalThis as unknown as Record<symbol, { matchers: Record<string, unknown> }>)[Symbol.for('$$jest-matchers-object')].matchers
  const realToMatchSnapshot = matchers.toMatchSnapshot

  beforeAll(async () => {
    v1 = await captureSurface(createCatalogServer('v1'))
    v2 = await captureSurface(createCatalogServer('v2'))
    additive = { ...v1, tools: [...v1.tools!, { ...v1.tools![0], name: 'zz_new_tool' }] }
  })

  afterEach(() => {
    matchers.toMatchSnapshot = realToMatchSnapshot
  })

  /** Calls the raw matcher as Jest would, with Jest's snapshot matcher answering "mismatch, this is stored". */
  async function match(live: Surface, stored: string, policy?: object) {
    matchers.toMatchSnapshot = () => ({ pass: false, expected: stored })
    const snapshotState = { _updateSnapshot: 'new', unmatched: 1, matched: 0 }
    const context = { isNot: false, testPath: join(import.meta.dirname, 'catalog.test.js'), currentTestName: 'catalog', snapshotState }
    const result = await (policy === undefined ? toMatchMcpContract.call(context, live) : toMatchMcpContract.call(context, live, policy as never))
    return { result, snapshotState }
  }

  test.each([
    { title: 'no policy: an additive drift fails', live: () => additive, policy: undefined, pass: false },
    { title: "failOn 'risky': an additive drift passes", live: () => additive, policy: { failOn: 'risky' }, pass: true },
    { title: "failOn 'risky': a breaking drift fails", live: () => v2, policy: { failOn: 'risky' }, pass: false },
    { title: 'ignore: an ignored kind alone passes', live: () => additive, policy: { ignore: ['tool-added'] }, pass: true },
    { title: 'used: a drift outside the scope passes', live: () => additive, policy: { used: ['get_*'] }, pass: true },
    { title: 'used: a drift inside the scope fails', live: () => additive, policy: { used: ['zz_*'] }, pass: false },
  ])('$title', async ({ live, policy, pass }) => {
    const { result, snapshotState } = await match(live(), printSurfaceSnapshot(v1), policy)
    expect(result.pass).toBe(pass)
    // Why: a drift that passes stands as a match in the runner's counts; a failing one stays counted as failed.
    expect(snapshotState).toMatchObject(pass ? { unmatched: 0, matched: 1 } : { unmatched: 1, matched: 0 })
  })

  test('no policy: a snapshot stored with every hint listed (as earlier versions printed it) passes for the same surface', async () => {
    const earlier = printedWithEveryHint(v1)
    expect(earlier).not.toBe(printSurfaceSnapshot(v1))
    const { result, snapshotState } = await match(v1, earlier)
    expect(result.pass).toBe(true)
    expect(snapshotState).toMatchObject({ unmatched: 0, matched: 1 })
  })

  test('no policy: text that differs with no classified change still fails, and shows the text diff', async () => {
    const reordered: Surface = { ...v1, notRecorded: [{ entity: 'tool', name: 'x', path: '', reason: 'not judged' }] }
    const { result } = await match(v1, printSurfaceSnapshot(reordered))
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchSnapshot()
    expect(result.expected).toContain('notRecorded (1)')
  })

  test('a stored snapshot that is not a surface fails with how to record it again', async () => {
    const { result } = await match(v1, '{"server": {}}')
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchSnapshot()
  })
})
