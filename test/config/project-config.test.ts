import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { findProjectConfig, policyWithConfig } from '../../src/config/project-config.js'
import { findProjectRoot, projectPath } from '../../src/contract/project-root.js'
import { ContractFileError } from '../../src/contract/contract-error.js'
import { fixture, runCliProcess } from '../support/run-cli-process.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-config-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A project folder with these files, and a nested test folder. */
async function project(name: string, files: Record<string, unknown>): Promise<string> {
  const root = join(dir, name)
  await mkdir(join(root, 'test', 'deep'), { recursive: true })
  for (const [file, content] of Object.entries(files)) await writeFile(join(root, file), typeof content === 'string' ? content : JSON.stringify(content))
  return root
}

async function problemOf(root: string): Promise<string> {
  const error = await findProjectConfig(join(root, 'test')).catch((thrown: unknown) => thrown)
  expect(error).toBeInstanceOf(ContractFileError)
  return (error as Error).message.replaceAll(root, '<project>')
}

describe('finding the configuration', () => {
  test('mcp-contract.config.json is found from a nested folder, up to the project root', async () => {
    const root = await project('own-file', { 'package.json': { name: 'x' }, 'mcp-contract.config.json': { failOn: 'breaking', contractRoot: 'contracts' } })
    expect(await findProjectConfig(join(root, 'test', 'deep'))).toEqual({ file: join(root, 'mcp-contract.config.json'), config: { failOn: 'breaking', contractRoot: 'contracts' } })
  })

  test('the "mcp-contract" key of package.json serves when there is no config file', async () => {
    const root = await project('package-key', { 'package.json': { name: 'x', 'mcp-contract': { strict: true } } })
    expect(await findProjectConfig(join(root, 'test'))).toEqual({ file: join(root, 'package.json'), config: { strict: true } })
  })

  test('the search stops at the project root: a parent folder\'s configuration is not this project\'s', async () => {
    const outer = await project('outer', { 'mcp-contract.config.json': { failOn: 'breaking' } })
    await mkdir(join(outer, 'inner'))
    await writeFile(join(outer, 'inner', 'package.json'), '{"name":"inner"}')
    expect(await findProjectConfig(join(outer, 'inner'))).toBeUndefined()
  })

  test.each([
    { title: 'an option spelled wrong', config: { failon: 'breaking' } },
    { title: 'a severity that is not one', config: { failOn: 'fatal' } },
    { title: 'an ignored kind with no reason', config: { ignore: { 'tool-description-changed': '' } } },
    { title: 'an ignored kind that names no kind', config: { ignore: { 'tool-descripton-changed': 'tuned weekly' } } },
    { title: 'not JSON', config: '{ "failOn": ' },
    { title: 'a token budget with an unknown key', config: { tokenBudget: { grow: 0.2 } } },
    { title: 'a token budget with no limit', config: { tokenBudget: {} } },
    { title: 'a token budget max that is not whole', config: { tokenBudget: { max: 99.5 } } },
  ])('$title is refused with what is wrong', async ({ title, config }) => {
    const root = await project(`bad-${title.replaceAll(' ', '-')}`, { 'package.json': { name: 'x' }, 'mcp-contract.config.json': config })
    expect(await problemOf(root)).toMatchSnapshot()
  })
})

describe('applying it', () => {
  const found = { file: '/p/mcp-contract.config.json', config: { failOn: 'breaking' as const, ignore: { 'tool-description-changed': 'tuned weekly' }, contractRoot: 'contracts' } }

  test('the caller\'s policy wins over the configuration; ignored kinds add up', () => {
    expect(policyWithConfig(found, {})).toEqual({ failOn: 'breaking', ignore: ['tool-description-changed'] })
    expect(policyWithConfig(found, { failOn: 'risky', ignore: ['tool-title-changed'] })).toEqual({ failOn: 'risky', ignore: ['tool-description-changed', 'tool-title-changed'] })
    expect(policyWithConfig({ file: '/p/c.json', config: { strict: true } }, { failOn: 'breaking' })).toEqual({ failOn: 'breaking' })
    expect(policyWithConfig(undefined, { strict: true })).toEqual({ strict: true })
    expect(policyWithConfig(found, { strict: true })).toEqual({ strict: true, ignore: ['tool-description-changed'] })
    expect(policyWithConfig({ file: '/p/c.json', config: { tokenBudget: { growth: 0.2 } } }, {})).toEqual({ tokenBudget: { growth: 0.2 } })
    expect(policyWithConfig({ file: '/p/c.json', config: { tokenBudget: { growth: 0.2 } } }, { tokenBudget: { max: 900 } })).toEqual({ tokenBudget: { max: 900 } })
  })


})

describe('the CLI reads it', () => {
  test('contractRoot places the contract; failOn and ignore judge the check; the report says what is ignored and why', async () => {
    const root = await project('cli', {
      'package.json': { name: 'x' },
      'mcp-contract.config.json': { contractRoot: 'contracts', failOn: 'breaking', ignore: { 'tool-description-changed': 'descriptions are tuned weekly' } },
    })
    await mkdir(join(root, 'contracts'))
    const catalog = fixture('catalog.js')
    const recorded = await runCliProcess(['snapshot', '--', 'node', catalog], { cwd: root })
    expect(recorded.code, recorded.stderr).toBe(0)
    expect(JSON.parse(await readFile(join(root, 'contracts', 'mcp-contract.json'), 'utf8'))).toMatchObject({ format: 1 })
    const drifted = await runCliProcess(['check', '--', 'node', catalog], { cwd: root, env: { CATALOG_VARIANT: 'v2' } })
    expect(drifted.code).toBe(1)
    expect(drifted.stdout).not.toContain('tool-description-changed  search_products')
    expect(drifted.stdout).toContain('fails at breaking and above')
    expect(drifted.stdout.trimEnd().split('\n').at(-1)).toBe('ignored by mcp-contract.config.json: tool-description-changed — descriptions are tuned weekly')
  })
})

describe('one path base for every API', () => {
  test.each([
    { title: 'the configuration file\'s folder, above package.json', files: { 'package.json': { name: 'x' }, 'test/mcp-contract.config.json': { failOn: 'breaking' } }, from: 'test/deep', folder: 'test', why: 'the folder of mcp-contract.config.json' },
    { title: 'package.json\'s folder when it holds the configuration', files: { 'package.json': { name: 'x', 'mcp-contract': { strict: true } } }, from: 'test/deep', folder: '', why: 'the folder of package.json, whose "mcp-contract" key configures it' },
    { title: 'the nearest package.json\'s folder when there is no configuration', files: { 'package.json': { name: 'x' } }, from: 'test/deep', folder: '', why: 'the folder of the nearest package.json' },
  ])('$title', async ({ title, files, from, folder, why }) => {
    const root = await project(`base-${title.replace(/\W+/g, '-')}`, files)
    const found = findProjectRoot(join(root, from))
    expect({ folder: found.folder, why: found.why }).toEqual({ folder: join(root, folder), why })
    expect(projectPath(found, 'mcp-contract.json')).toBe(join(root, folder, 'mcp-contract.json'))
  })

  test('with no package.json above, the working directory', () => {
    expect(findProjectRoot('/')).toMatchObject({ folder: process.cwd(), why: 'the working directory (no package.json above it)' })
  })

  test('contractRoot moves provider contracts only; an absolute path stays as given', async () => {
    const root = await project('contract-root', { 'package.json': { name: 'x' }, 'mcp-contract.config.json': { contractRoot: 'contracts' } })
    const found = findProjectRoot(join(root, 'test', 'deep'))
    expect(projectPath(found, 'catalog.json', { contract: true })).toBe(join(root, 'contracts', 'catalog.json'))
    expect(projectPath(found, 'contracts/agent.mcp-consumer.json')).toBe(join(root, 'contracts', 'agent.mcp-consumer.json'))
    expect(projectPath(found, '/elsewhere/catalog.json', { contract: true })).toBe('/elsewhere/catalog.json')
  })

  test('the CLI run from a subfolder, the matchers and mockServer() name the same contract file; a missing one names the absolute path tried', async () => {
    const root = await project('same-file', { 'package.json': { name: 'x' } })
    const catalog = fixture('catalog.js')
    const missing = await runCliProcess(['check', '--', 'node', catalog], { cwd: join(root, 'test', 'deep') })
    expect(missing.code).toBe(2)
    expect(missing.stderr.replaceAll(root, '<project>')).toMatchSnapshot()
    const recorded = await runCliProcess(['snapshot', '--', 'node', catalog], { cwd: join(root, 'test', 'deep') })
    expect(recorded.code, recorded.stderr).toBe(0)
    expect(JSON.parse(await readFile(join(root, 'mcp-contract.json'), 'utf8'))).toMatchObject({ format: 1 })
    const { toHonorContract } = await import('../../matchers/to-honor-contract.js')
    const context = { isNot: false, testPath: join(root, 'test', 'deep', 'catalog.test.js'), currentTestName: 'catalog', snapshotState: { _updateSnapshot: 'none' } }
    const honored = await toHonorContract.call(context, { command: 'node', args: [catalog] }, 'mcp-contract.json')
    expect(honored.pass, honored.message()).toBe(true)
    const cwd = process.cwd()
    process.chdir(join(root, 'test'))
    try {
      const { mockServer } = await import('../../src/mock/mock-server.js')
      const mocked = await toHonorContract.call(context, mockServer('mcp-contract.json'), 'mcp-contract.json')
      expect(mocked.pass, mocked.message()).toBe(true)
    } finally {
      process.chdir(cwd)
    }
  })
})
