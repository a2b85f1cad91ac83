import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { ContractFileError } from '../../src/contract/contract-error.js'
import { parseContract, serializeContract, writeContract } from '../../src/contract/contract-file.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createManyToolsServer } from '../fixtures/servers/many-tools-server.js'
import { createPagedServer } from '../fixtures/servers/paged-server.js'
import { stdioFixture } from '../capture/fixture-servers.js'
import { SURFACE_FIXTURES } from '../report/surface-fixtures.js'
import { ROOT } from '../support/run-cli-process.js'
import { surface, tool } from '../support/build-surface.js'

const SCHEMA_FILE = join(ROOT, 'mcp-contract.schema.json')

/** A valid contract as data, for editing one value at a time. */
function validContract(): Record<string, unknown> {
  return JSON.parse(serializeContract(surface({ tools: [tool('echo')], prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] })))
}

function refusal(text: string): ContractFileError {
  let caught: unknown
  try {
    parseContract(text, 'mcp-contract.json')
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ContractFileError)
  expect((caught as ContractFileError).code).toBe('invalid')
  return caught as ContractFileError
}

describe('mcp-contract.schema.json describes every contract mcp-contract writes', () => {
  test('the shipped file is a valid JSON Schema and is in the package', async () => {
    const schema = JSON.parse(await readFile(SCHEMA_FILE, 'utf8'))
    expect(() => new Ajv({ strict: true, strictTypes: false }).compile(schema)).not.toThrow()
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
    expect(pkg.files).toContain('mcp-contract.schema.json')
  })

  test.each(['examples/jest-stdio/mcp-contract.json', 'examples/vitest-in-memory/mcp-contract.json'])('%s validates and reads', async (file) => {
    const schema = JSON.parse(await readFile(SCHEMA_FILE, 'utf8'))
    const text = await readFile(join(ROOT, file), 'utf8')
    const validate = new Ajv({ strictTypes: false }).compile(schema)
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true)
    expect(() => parseContract(text)).not.toThrow()
  })

  test.each(Object.keys(SURFACE_FIXTURES))('surface fixture %s reads back', (name) => {
    expect(parseContract(serializeContract(SURFACE_FIXTURES[name]))).toEqual(SURFACE_FIXTURES[name])
  })

  test.each([
    { title: 'catalog v1', target: () => createCatalogServer('v1') },
    { title: 'catalog v2', target: () => createCatalogServer('v2') },
    { title: 'many tools', target: () => createManyToolsServer(50) },
    { title: 'paged', target: () => createPagedServer(3) },
    { title: 'keyword families v1', target: () => stdioFixture('keyword-families.js') },
    { title: 'keyword families v2', target: () => stdioFixture('keyword-families.js', { KEYWORDS_VARIANT: 'v2' }) },
    { title: 'external refs', target: () => stdioFixture('external-refs.js', { REF_URL: 'http://127.0.0.1:9/x.json', REF_FILE: '/nonexistent/x.json' }) },
  ])('a captured $title surface reads back', async ({ target }) => {
    const captured = await captureSurface(target())
    expect(parseContract(serializeContract(captured))).toEqual(captured)
  })

  test('an optional "$schema" key for editors is accepted and not part of the surface', () => {
    const data = { $schema: './node_modules/mcp-contract/mcp-contract.schema.json', ...validContract() }
    const read = parseContract(JSON.stringify(data))
    expect(read).not.toHaveProperty('$schema')
    expect(serializeContract(read)).toBe(serializeContract(parseContract(JSON.stringify(validContract()))))
  })
})

describe('a contract file that parses but has the wrong shape is refused, naming the path', () => {
  test.each([
    { title: 'a tool with only a name', edit: (c: any) => (c.tools = [{ name: 'echo' }]) },
    { title: 'a null tool', edit: (c: any) => (c.tools = [null]) },
    { title: 'a number for a tool', edit: (c: any) => (c.tools = [1]) },
    { title: 'null capabilities', edit: (c: any) => (c.server.capabilities = null) },
    { title: 'an enum that is not a list', edit: (c: any) => (c.tools[0].inputSchema = { type: 'object', properties: { mode: { enum: 'x' } } }) },
    { title: 'empty hints', edit: (c: any) => (c.tools[0].hints = {}) },
    { title: 'a hint that is a string', edit: (c: any) => (c.tools[0].hints.readOnlyHint = 'yes') },
    { title: 'an unknown task support', edit: (c: any) => (c.tools[0].taskSupport = 'sometimes') },
    { title: 'tools that are not a list', edit: (c: any) => (c.tools = { echo: {} }) },
    { title: 'required that is a string', edit: (c: any) => (c.tools[0].inputSchema = { type: 'object', required: 'q' }) },
    { title: 'a property name with a space and a bad schema', edit: (c: any) => (c.tools[0].inputSchema = { properties: { 'two words': 7 } }) },
    { title: 'a prompt argument without required', edit: (c: any) => (c.prompts[0].arguments = [{ name: 'who' }]) },
    { title: 'a not-recorded entry of an unknown entity', edit: (c: any) => (c.notRecorded = [{ entity: 'widget', name: 'x', path: '', reason: 'r' }]) },
  ])('$title', ({ edit }) => {
    const contract = validContract()
    edit(contract)
    expect(refusal(JSON.stringify(contract, null, 2)).message).toMatchSnapshot()
  })
})

describe('what is not a contract is said, not quoted', () => {
  test.each([
    { title: 'a text file', text: 'API_KEY=hunter2\nDEBUG=1\n' },
    { title: 'an empty file', text: '' },
    { title: 'HTML', text: '<html><body>hunter2</body></html>' },
    { title: 'binary', text: 'PK\u0003\u0004\u0000\u0000hunter2' },
    { title: 'JSON cut short', text: '{ "format": 1, "server": { "name": "hunter2"' },
    { title: 'a trailing comma', text: '{ "format": 1, "hunter2": 1, }' },
  ])('$title', ({ text }) => {
    const { message } = refusal(text)
    expect(message).not.toContain('hunter2')
    expect(message).toMatchSnapshot()
  })
})

describe('deep nesting stops at a documented depth', () => {
  test('a contract nested 10,000 levels deep is refused with its line and column, without a stack overflow', () => {
    const schema = `${'{"properties":{"a":'.repeat(10_000)}{}${'}}'.repeat(10_000)}`
    const contract = validContract()
    const text = JSON.stringify(contract).replace('"inputSchema":{"type":"object"}', `"inputSchema":${schema}`)
    expect(text).toContain('"properties":{"a":{"properties"')
    expect(refusal(text).message).toMatchSnapshot()
  })

  test('a contract nested 500 levels deep still reads', () => {
    const schema = `${'{"properties":{"a":'.repeat(240)}{}${'}}'.repeat(240)}`
    const text = JSON.stringify(validContract()).replace('"inputSchema":{"type":"object"}', `"inputSchema":${schema}`)
    expect(parseContract(text).tools?.[0].name).toBe('echo')
  })
})

describe('writeContract never writes a file that would not read back', () => {
  test('a surface with an invalid schema value is refused before anything is written', async () => {
    const { mkdtemp, readdir } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-shape-'))
    const bad = surface({ tools: [tool('pick', { inputSchema: { type: 'object', properties: { mode: { enum: 'x' } } } })] })
    const error = await writeContract(join(dir, 'mcp-contract.json'), bad).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'unwritable' })
    expect((error as Error).message.replace(dir, '<dir>')).toMatchSnapshot()
    expect(await readdir(dir)).toEqual([])
  })
})
