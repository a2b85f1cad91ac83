/**
 * The end-to-end scenarios both runners must pass, run against a real `vitest run` or `jest`
 * process in a project that installed the packed package.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
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
