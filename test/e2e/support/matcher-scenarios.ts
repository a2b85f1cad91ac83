/**
 * The end-to-end scenarios both runners must pass, run against a real `vitest run` or `jest`
 * process in a project that installed the packed package.
 */
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJestCatalogProject, createVitestCatalogProject } from './catalog-projects.js'
import { snapFileWithEveryHint } from '../../support/earlier-snapshot-format.js'
import type { E2eProject, Runner } from './e2e-project.js'
import { ROOT } from './packed-package.js'

const SNAP = '__snapshots__/catalog.test.js.snap'
const CONTRACT = 'mcp-contract.json'
const OTHER_SNAP = '__snapshots__/other.test.js.snap'
const OTHER_CONTRACT = 'other-contract.json'

/** The accept command every message prints for catalog.test.js, as a user pastes it. */
const ACCEPT: Record<Runner, string> = { vitest: 'npx vitest run catalog.test.js -u', jest: 'npx jest catalog.test.js -u' }

/** A config without the setup line, and a test file that imports the entry itself. */
const NO_SETUP: Record<Runner, { config: string; testFile: string }> = {
  vitest: {
    config: 'export default {}\n',
    testFile:
      "import 'mcp-contract/vitest'\nimport { expect, test } from 'vitest'\nimport { createServer } from './server.js'\n\ntest('registered by the import', async () => {\n  await expect(createServer()).toMatchMcpContract()\n})\n",
  },
  jest: {
    config: "module.exports = { testEnvironment: 'node', transform: {}, testTimeout: 20000 }\n",
    testFile:
      "require('mcp-contract/jest')\nconst path = require('node:path')\n\ntest('registered by the import', async () => {\n  await expect({ command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }).toMatchMcpContract()\n})\n",
  },
}

/** A test whose contract path has a typo in its folder name. */
const TYPO_TEST: Record<Runner, string> = {
  vitest:
    "import { expect, test } from 'vitest'\nimport { createServer } from './server.js'\n\ntest('contract path with a typo', async () => {\n  await expect(createServer()).toHonorContract('../contrakts/mcp-contract.json')\n})\n",
  jest: "const path = require('node:path')\n\ntest('contract path with a typo', async () => {\n  await expect({ command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }).toHonorContract('../contrakts/mcp-contract.json')\n})\n",
}

/** A second test file that holds the server to its own snapshot and contract file. */
const OTHER_TEST: Record<Runner, string> = {
  vitest:
    "import { expect, test } from 'vitest'\nimport { createServer } from './server.js'\n\ntest('another file, its snapshot', async () => {\n  await expect(createServer()).toMatchMcpContract()\n})\n\ntest('another file, its contract', async () => {\n  await expect(createServer()).toHonorContract('other-contract.json')\n})\n",
  jest: "const path = require('node:path')\n\nconst server = { command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }\n\ntest('another file, its snapshot', async () => {\n  await expect(server).toMatchMcpContract()\n})\n\ntest('another file, its contract', async () => {\n  await expect(server).toHonorContract('other-contract.json')\n})\n",
}

/** Tests holding the self-changing news server (test/fixtures/servers/clock-server.js) to its contract and its snapshot: a factory under Vitest, a command under Jest; both can be read twice. */
const CLOCK_TEST: Record<Runner, string> = {
  vitest:
    "import { expect, test } from 'vitest'\nimport { createClockServer } from './clock-server.js'\n\ntest('news honors its contract', async () => {\n  await expect(() => createClockServer()).toHonorContract('news.mcp-contract.json')\n})\n\ntest('news surface', async () => {\n  await expect(() => createClockServer()).toMatchMcpContract()\n})\n",
  jest: "const path = require('node:path')\nconst news = () => ({ command: process.execPath, args: [path.join(__dirname, 'clock.mjs')] })\n\ntest('news honors its contract', async () => {\n  await expect(news()).toHonorContract('news.mcp-contract.json')\n})\n\ntest('news surface', async () => {\n  await expect(news()).toMatchMcpContract()\n})\n",
}

/**
 * A server with per-start values (a request id in its instructions, a `since` default of "now", a
 * date in a description) and a tool name model APIs refuse. `STAMP_VARIANT=renamed` renames an
 * argument; `STAMP_SHIFT_DAYS` moves its clock, as a run on a later day would.
 */
const STAMP_SERVER_BODY = `function createStampServer() {
  const now = new Date(Date.now() + Number(process.env.STAMP_SHIFT_DAYS ?? 0) * 86400000)
  const server = new McpServer({ name: 'stamps', version: '1.0.0' }, { instructions: \`Request \${randomUUID()} serves you.\` })
  const argument = process.env.STAMP_VARIANT === 'renamed' ? 'max' : 'limit'
  server.registerTool('list', { description: \`Lists stamps (data as of \${now.toISOString().slice(0, 10)}).\`, inputSchema: { since: z.string().default(now.toISOString()), [argument]: z.number().int().optional() }, annotations: { readOnlyHint: true } }, async () => ({ content: [] }))
  server.registerTool('stamps.export', { description: 'Exports stamps.', inputSchema: { format: z.string() } }, async () => ({ content: [] }))
  return server
}
`

/** The stamp server as each project loads it: an ES module under Vitest, CommonJS under Jest. */
const STAMP_SERVER: Record<Runner, string> = {
  vitest: `import { randomUUID } from 'node:crypto'\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'\nimport { z } from 'zod'\n\nexport ${STAMP_SERVER_BODY}`,
  jest: `const { randomUUID } = require('node:crypto')\nconst { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js')\nconst { z } = require('zod')\n\n${STAMP_SERVER_BODY}\nmodule.exports = { createStampServer }\n`,
}

/**
 * Two test files holding the stamp server to a contract and to snapshots: `STAMP_TARGET=object`
 * passes the `McpServer` object (read once), else a factory. The policy declares a path with a typo.
 */
function stampTests(runner: Runner): Record<string, string> {
  const head =
    runner === 'vitest'
      ? "import { expect, test } from 'vitest'\nimport { createStampServer } from './stamp-server.js'\n"
      : "const { createStampServer } = require('./stamp-server.cjs')\n"
  const server = "const server = () => (process.env.STAMP_TARGET === 'object' ? createStampServer() : () => createStampServer())\n"
  return {
    'stamps.test.js': `${head}${server}\ntest('stamps', async () => {\n  await expect(server()).toHonorContract('stamps.mcp-contract.json', { strict: true, volatile: ['tools.lsit.description'] })\n  await expect(server()).toMatchMcpContract()\n})\n`,
    'stamps-too.test.js': `${head}${server}\ntest('stamps again', async () => {\n  await expect(server()).toMatchMcpContract()\n})\n`,
  }
}

/** One existing tool in three releases (SEARCH_RELEASE): 2 adds z.literal('fast') (const), 3 spells the bound .positive() (exclusiveMinimum). */
const SEARCH_MODES_BODY = `function createSearchModesServer() {
  const release = process.env.SEARCH_RELEASE ?? '1'
  const limit = release === '3' ? z.number().int().positive() : z.number().int().min(1)
  const shape = { query: z.string(), limit, ...(release === '2' ? { mode: z.literal('fast').optional() } : {}) }
  const server = new McpServer({ name: 'search-modes', version: '1.0.0' })
  server.registerTool('search', { description: 'Search the catalog.', inputSchema: shape }, async () => ({ content: [] }))
  server.registerPrompt('summarize', { description: 'Summarize the results.' }, async () => ({ messages: [] }))
  return server
}
`

/** The search-modes server as each project loads it, and a test that holds it to its contract with gemini declared. */
const SEARCH_MODES: Record<Runner, { server: [string, string]; test: string }> = {
  vitest: {
    server: ['search-modes-server.js', `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'\nimport { z } from 'zod'\n\nexport ${SEARCH_MODES_BODY}`],
    test: "import { expect, test } from 'vitest'\nimport { createSearchModesServer } from './search-modes-server.js'\n\ntest('search modes', async () => {\n  await expect(() => createSearchModesServer()).toHonorContract('search-modes.mcp-contract.json', { profiles: ['mcp-2025-11-25', 'sdk-typescript', 'gemini'] })\n})\n",
  },
  jest: {
    server: ['search-modes-server.cjs', `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js')\nconst { z } = require('zod')\n\n${SEARCH_MODES_BODY}\nmodule.exports = { createSearchModesServer }\n`],
    test: "const { createSearchModesServer } = require('./search-modes-server.cjs')\n\ntest('search modes', async () => {\n  await expect(() => createSearchModesServer()).toHonorContract('search-modes.mcp-contract.json', { profiles: ['mcp-2025-11-25', 'sdk-typescript', 'gemini'] })\n})\n",
  },
}

/** A failure message without the day's date, the request id and the clock. */
function withoutClock(message: string): string {
  return message
    // Why: a word diff of a date (`2026-12-[-07-]{+08+}`) splits it where the two days differ, so it moves with the day the test runs.
    .replace(/[\d\-[\]{}+]*(?:\[-|\{\+)[\d\-[\]{}+]*/g, (run) => (/\d/.test(run) ? '<date diff>' : run))
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, '<date-time>')
    .replace(/\d{4}-\d{2}-\d{2}/g, '<date>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
}

/** Runs the shared scenarios for one runner. */
export function describeMatcherScenarios(runner: Runner): void {
  const createProject = runner === 'vitest' ? createVitestCatalogProject : createJestCatalogProject
  const ciFlags: { args: string[]; env: Record<string, string> } = runner === 'vitest' ? { args: [], env: { CI: 'true' } } : { args: ['--ci'], env: {} }
  const projects: E2eProject[] = []
  let project: E2eProject

  beforeAll(async () => {
    project = await createProject()
    projects.push(project)
  }, 300_000)

  afterAll(async () => {
    await Promise.all(projects.map((each) => each.remove()))
  })

  async function storedFiles(): Promise<{ snap?: Buffer; contract?: Buffer }> {
    return { snap: await project.read(SNAP), contract: await project.read(CONTRACT) }
  }

  describe.sequential(`${runner}: the matchers in a user project`, () => {
    test('the first run writes the snapshot and the contract file', async () => {
      const result = await project.run(['catalog.test.js'])
      expect(result.code, result.output).toBe(0)
      expect(result.report.snapshot.added).toBeGreaterThanOrEqual(2)
      const { snap, contract } = await storedFiles()
      expect(snap?.toString()).toContain('McpSurface {')
      expect(JSON.parse(contract!.toString())).toMatchObject({ format: 1, server: { name: 'catalog' } })
      expect(snap!.toString()).toMatchSnapshot('stored .snap file')
      expect(result.output).toContain(`mcp-contract: recorded a new contract file ${CONTRACT}; review it and commit it.`)
    })

    test('a breaking drift fails both matchers with a classified message naming the argument, and rewrites nothing', async () => {
      const before = await storedFiles()
      const result = await project.run(['catalog.test.js'], { CATALOG_VARIANT: 'v2' })
      expect(result.code).toBe(1)
      const failures = project.failures(result)
      expect(Object.keys(failures).sort()).toEqual(['catalog honors its contract', 'catalog surface', 'catalog surface, breaking changes only'])
      for (const message of Object.values(failures)) {
        expect(message).toMatch(/^tool parse_catalog · 1 breaking\n {2}breaking {2}argument-now-required {2}pages$/m)
        expect(message).toContain('Accepting it with -u is NOT safe')
        expect(message).toContain(`To accept it deliberately: ${ACCEPT[runner]}`)
      }
      expect(failures).toMatchSnapshot()
      expect(await storedFiles()).toEqual(before)
    })

    test('an additive drift fails the snapshot matcher (classified additive) but not toHonorContract, and rewrites nothing', async () => {
      const before = await storedFiles()
      const result = await project.run(['catalog.test.js'], { CATALOG_VARIANT: 'additive' })
      expect(result.code).toBe(1)
      const failures = project.failures(result)
      expect(Object.keys(failures)).toEqual(['catalog surface'])
      expect(failures['catalog surface']).toMatch(/^tool \S+ · 1 additive$/m)
      expect(failures['catalog surface']).toContain('Accepting it with -u is safe: no caller breaks.')
      expect(failures).toMatchSnapshot()
      expect(result.output).toContain(`mcp-contract: ${CONTRACT} is behind the server by 1 additive change that does not fail;`)
      // Why: the drifts below failOn passed as matches; only the strict snapshot counts as failed, nothing is obsolete.
      expect(result.report.snapshot).toMatchObject({ unmatched: 1, unchecked: 0 })
      expect(await storedFiles()).toEqual(before)
    })

    // Why its own timeout: four runs of the runner, one through npx, outlast the default on a loaded machine.
    test('the printed accept command, run verbatim, accepts the drift of its own file only, and the next run passes', { timeout: 180_000 }, async () => {
      await project.write('other.test.js', OTHER_TEST[runner])
      const recorded = await project.run(['other.test.js'])
      expect(recorded.code, recorded.output).toBe(0)
      const other = { snap: await project.read(OTHER_SNAP), contract: await project.read(OTHER_CONTRACT) }
      expect(other.contract).toBeDefined()
      const update = await project.runVerbatim(ACCEPT[runner], { CATALOG_VARIANT: 'v2' })
      expect(update.code, update.output).toBe(0)
      expect(update.output).not.toContain('other.test.js')
      expect(update.output).toMatch(/Snapshots:?\s+[2-9] updated/)
      expect((await project.read(CONTRACT))!.toString()).toContain('"bulk_import"')
      // Why: the other file, recorded under v1, drifted too under v2; only an explicit command for it may accept that.
      expect({ snap: await project.read(OTHER_SNAP), contract: await project.read(OTHER_CONTRACT) }).toEqual(other)
      const next = await project.run(['catalog.test.js'], { CATALOG_VARIANT: 'v2' })
      expect(next.code, next.output).toBe(0)
      expect(next.report.snapshot).toMatchObject({ unmatched: 0, updated: 0, added: 0 })
    })

    test('snapshots stored by an earlier version, every hint listed, pass in CI for the same surface and stay as they are', async () => {
      const earlier = snapFileWithEveryHint((await project.read(SNAP))!.toString())
      expect(earlier).toContain('destructiveHint=true, idempotentHint=false')
      await project.write(SNAP, earlier)
      const result = await project.run(['catalog.test.js', ...ciFlags.args], { CATALOG_VARIANT: 'v2', ...ciFlags.env })
      expect(result.code, result.output).toBe(0)
      expect(result.report.snapshot).toMatchObject({ unmatched: 0, updated: 0, added: 0 })
      expect(result.report.snapshot.matched).toBeGreaterThanOrEqual(2)
      expect((await project.read(SNAP))!.toString()).toBe(earlier)
    })

    test('.not and a value that is not a server are rejected before anything connects', async () => {
      const result = await project.run(['not.test.js'])
      expect(result.code).toBe(1)
      expect(result.report.numFailedTests).toBe(3)
      expect(project.failures(result)).toMatchSnapshot()
    })

    test('a contract path into a folder that does not exist fails, and creates nothing', async () => {
      await project.write('typo.test.js', TYPO_TEST[runner])
      const result = await project.run(['typo.test.js'])
      expect(result.code).toBe(1)
      expect(project.failures(result)['contract path with a typo']).toMatch(/cannot be recorded: the folder \S*\/contrakts does not exist\. Relative paths resolve from /)
      expect(existsSync(join(project.dir, '..', 'contrakts'))).toBe(false)
    })

    test('importing the entry in a test file, with no setup file, registers the matchers', async () => {
      const { config, testFile } = NO_SETUP[runner]
      await project.write('no-setup.config.js', config)
      await project.write('in-file.test.js', testFile)
      const first = await project.run(['--config', 'no-setup.config.js', 'in-file.test.js'])
      expect(first.code, first.output).toBe(0)
      expect((await project.read('__snapshots__/in-file.test.js.snap'))!.toString()).toContain('tool search_products')
      const drifted = await project.run(['--config', 'no-setup.config.js', 'in-file.test.js'], { CATALOG_VARIANT: 'v2' })
      expect(drifted.code).toBe(1)
      expect(project.failures(drifted)['registered by the import']).toMatch(/^ {2}breaking {2}/m)
    })
  })

  describe(`${runner}: a server whose listing changes by itself`, () => {
    test('the first run records its clock and ids as volatile, in the contract and as their shape in the snapshot; reruns, in CI too, pass and leave both as they were', async () => {
      await project.copyIn('test/fixtures/servers/clock-server.js', runner === 'vitest' ? 'clock-server.js' : 'clock-server.mjs')
      if (runner === 'jest') await project.write('clock.mjs', (await readFile(join(ROOT, 'test/fixtures/servers/clock.js'), 'utf8')).replace('./clock-server.js', './clock-server.mjs'))
      await project.write('clock.test.js', CLOCK_TEST[runner])
      const first = await project.run(['clock.test.js'])
      expect(first.code, first.output).toBe(0)
      const recorded = (await project.read('news.mcp-contract.json'))!.toString()
      expect(JSON.parse(recorded).volatile.map((value: { path: string }) => value.path)).toEqual([
        'resources["session://{uuid}/status"].uri',
        'server.instructions',
        'server.instructions',
        'tools.search.inputSchema.properties.since.default',
      ])
      const snapshot = (await project.read('__snapshots__/clock.test.js.snap'))!.toString()
      for (const shape of ['default="‹date-time›"', 'Session ‹uuid› started at ‹date-time›.', 'resource "session://‹uuid›/status"']) expect(snapshot).toContain(shape)
      for (const flags of [{ args: [], env: {} }, ciFlags]) {
        const rerun = await project.run(['clock.test.js', ...flags.args], flags.env)
        expect(rerun.code, rerun.output).toBe(0)
      }
      expect((await project.read('news.mcp-contract.json'))!.toString()).toBe(recorded)
      expect((await project.read('__snapshots__/clock.test.js.snap'))!.toString()).toBe(snapshot)
    })
  })

  // Why one sequence: each step starts from the files the step before left, as a user's runs do.
  describe.sequential(`${runner}: volatile values settle, and the run says each thing once`, () => {
    const FILES = ['stamps.test.js', 'stamps-too.test.js']
    const STAMP_CONTRACT = 'stamps.mcp-contract.json'
    const SNAPS = ['__snapshots__/stamps.test.js.snap', '__snapshots__/stamps-too.test.js.snap']
    const stored = async () => ({ contract: (await project.read(STAMP_CONTRACT))?.toString(), snaps: await Promise.all(SNAPS.map(async (snap) => (await project.read(snap))?.toString())) })
    const moving = (text: string) => {
      const contract = JSON.parse(text)
      return { instructions: contract.server.instructions, since: contract.tools.find((tool: { name: string }) => tool.name === 'list').inputSchema.properties.since.default, volatile: contract.volatile }
    }

    test('the first run records what moved; the model-API warning prints once for three matchers in two files; the declared path with a typo is warned about', async () => {
      await project.write(runner === 'vitest' ? 'stamp-server.js' : 'stamp-server.cjs', STAMP_SERVER[runner])
      for (const [file, text] of Object.entries(stampTests(runner))) await project.write(file, text)
      const first = await project.run(FILES)
      expect(first.code, first.output).toBe(0)
      expect(first.output.split("warning: Claude's API refuses this tool list").length - 1).toBe(1)
      expect(first.output).toContain('mcp-contract: warning: the volatile path tools.lsit.description names nothing the server lists, so it masks nothing; was it renamed? Fix it where "volatile" declares it.')
      const { contract, snaps } = await stored()
      expect(moving(contract!).volatile.map((value: { path: string; format: string }) => `${value.path} (${value.format})`)).toEqual(['server.instructions (uuid)', 'tools.list.inputSchema.properties.since.default (date-time)'])
      for (const snap of snaps) for (const shape of ['Request ‹uuid› serves you.', 'default="‹date-time›"']) expect({ shape, stored: snap?.includes(shape) }).toEqual({ shape, stored: true })
    })

    test('the McpServer object, read once, passes in CI by what the contract and the snapshots stored', async () => {
      const before = await stored()
      const rerun = await project.run([...FILES, ...ciFlags.args], { STAMP_TARGET: 'object', ...ciFlags.env })
      expect(rerun.code, rerun.output).toBe(0)
      expect(await stored()).toEqual(before)
    })

    test('-u over a renamed argument, from the object read once: the argument changes, the request id and the clock read as recorded, and the snapshots keep their shapes', async () => {
      const before = await stored()
      const update = await project.run([...FILES, '-u'], { STAMP_TARGET: 'object', STAMP_VARIANT: 'renamed' })
      expect(update.code, update.output).toBe(0)
      const after = await stored()
      expect(after.contract).toContain('"max"')
      expect(after.contract).not.toContain('"limit"')
      expect(moving(after.contract!)).toEqual(moving(before.contract!))
      for (const [index, snap] of after.snaps.entries()) {
        expect(snap).toContain('max: integer, optional')
        expect(snap!.replace(/^ +(limit|max): integer, optional\n/m, '')).toBe(before.snaps[index]!.replace(/^ +(limit|max): integer, optional\n/m, ''))
      }
    })

    test('the next day, the date in a description fails with the hint to declare it, and the report counts what it compared by shape', async () => {
      const result = await project.run([...FILES, ...ciFlags.args], { STAMP_VARIANT: 'renamed', STAMP_SHIFT_DAYS: '1', ...ciFlags.env })
      expect(result.code).toBe(1)
      const failures = project.failures(result)
      expect(Object.keys(failures).sort()).toEqual(['stamps', 'stamps again'])
      for (const message of Object.values(failures)) {
        expect(message).toContain('hint: this description holds a date (date), which moves only at midnight: two reads seconds apart cannot detect it, so declare it ("volatile": ["tools.list.description"])')
        expect(message).toMatch(/^2 volatile values compared by shape, not by value/m)
      }
      expect(Object.fromEntries(Object.entries(failures).map(([name, message]) => [name, withoutClock(message)]))).toMatchSnapshot()
    })

    test('recorded from the object, a rerun fails with the hint to pass a factory; the snapshot its failed toHonorContract kept from running is not obsolete', async () => {
      for (const path of [STAMP_CONTRACT, ...SNAPS]) await rm(join(project.dir, path), { force: true })
      const recorded = await project.run(FILES, { STAMP_TARGET: 'object' })
      expect(recorded.code, recorded.output).toBe(0)
      const rerun = await project.run([...FILES, ...ciFlags.args], { STAMP_TARGET: 'object', ...ciFlags.env })
      expect(rerun.code).toBe(1)
      const failures = project.failures(rerun)
      expect(Object.keys(failures).sort()).toEqual(['stamps', 'stamps again'])
      for (const message of Object.values(failures)) expect(message).toContain('hint: this text looks like a random id (uuid): pass a factory: `expect(() => createServer())` is read twice when the file is written; or mark server.instructions volatile')
      expect(failures.stamps).toContain('toHonorContract')
      expect(rerun.report.snapshot.unchecked).toBe(0)
      expect(rerun.output).not.toMatch(/obsolete/i)
    })
  })

  // Why one sequence: each step starts from the contract the step before left, as a user's runs do.
  describe.sequential(`${runner}: with gemini declared, what the server sends is judged, and an in-process server's tools are vouched`, () => {
    const FILE = 'search-modes.test.js'
    const SEARCH_CONTRACT = 'search-modes.mcp-contract.json'

    test('the first run vouches for the tool and the prompt of the in-process McpServer', async () => {
      const [name, text] = SEARCH_MODES[runner].server
      await project.write(name, text)
      await project.write(FILE, SEARCH_MODES[runner].test)
      const first = await project.run([FILE])
      expect(first.code, first.output).toBe(0)
      const vouched = JSON.parse((await project.read(SEARCH_CONTRACT))!.toString()).vouched
      expect({ tools: Object.keys(vouched.tools), prompts: Object.keys(vouched.prompts) }).toEqual({ tools: ['search'], prompts: ['summarize'] })
    })

    test.each([
      { release: '2', title: 'z.literal("fast") added to the existing tool' },
      { release: '3', title: '.min(1) → .positive() on the existing tool' },
    ])('$title fails in CI, named on what the server sends, and the contract stays', async ({ release }) => {
      const before = (await project.read(SEARCH_CONTRACT))!.toString()
      const result = await project.run([FILE, ...ciFlags.args], { SEARCH_RELEASE: release, ...ciFlags.env })
      expect(result.code).toBe(1)
      const failures = project.failures(result)
      expect(failures['search modes']).toContain('now breaks gemini rule tool-parameters-unsupported-keywords at inputSchema.properties.')
      expect(failures['search modes']).toContain('Accepting it with -u is NOT safe (1 breaking)')
      expect((await project.read(SEARCH_CONTRACT))!.toString()).toBe(before)
    })

    test('-u on the unchanged release keeps every digest', async () => {
      const before = (await project.read(SEARCH_CONTRACT))!.toString()
      const update = await project.run([FILE, '-u'])
      expect(update.code, update.output).toBe(0)
      expect((await project.read(SEARCH_CONTRACT))!.toString()).toBe(before)
    })
  })

  describe(`${runner}: in CI`, () => {
    // Why its own timeout: it makes a project of its own as well as running it, which on a loaded machine outlasts the default.
    test('a missing snapshot and a missing contract fail, and nothing is written', { timeout: 120_000 }, async () => {
      const fresh = await createProject()
      projects.push(fresh)
      const result = await fresh.run(['catalog.test.js', ...ciFlags.args], ciFlags.env)
      expect(result.code).toBe(1)
      const failures = fresh.failures(result)
      expect(Object.keys(failures).sort()).toEqual(['catalog honors its contract', 'catalog surface', 'catalog surface, breaking changes only'])
      expect(failures).toMatchSnapshot()
      expect(await fresh.read(SNAP)).toBeUndefined()
      expect(await fresh.read(CONTRACT)).toBeUndefined()
    })
  })
}
