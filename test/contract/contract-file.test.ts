import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { ContractFileError } from '../../src/contract/contract-error.js'
import { parseContract, readContract, serializeContract, writeContract } from '../../src/contract/contract-file.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

const recorded = surface({
  server: { name: 'demo', instructions: 'Use search first.', capabilities: { tools: { listChanged: true } } },
  tools: [tool('search', { description: 'Find things', inputSchema: objectSchema({ q: { type: 'string' }, limit: { type: 'integer' } }, ['q']) })],
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-file-'))
})

describe('serializeContract', () => {
  test('is deterministic: key order of the input does not matter', () => {
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(reverseKeys)
      : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]))
      : value
    const reordered = reverseKeys(recorded) as typeof recorded
    expect(Object.keys(reordered)).not.toEqual(Object.keys(recorded))
    expect(serializeContract(reordered)).toBe(serializeContract(recorded))
  })

  test('sorted keys, 2-space indent, format number, trailing newline', () => {
    expect(serializeContract(surface({ tools: [] }))).toMatchInlineSnapshot(`
      "{
        "format": 1,
        "notRecorded": [],
        "server": {
          "capabilities": {
            "tools": {}
          },
          "name": "demo"
        },
        "tools": []
      }
      "
    `)
  })

  test('round-trips through parseContract', () => {
    expect(parseContract(serializeContract(recorded))).toEqual(recorded)
  })
})

describe('readContract errors say what to do', () => {
  test.each([
    { title: 'missing', setup: async () => join(dir, 'absent.json'), code: 'missing', says: /does not exist\. Record it first with `mcp-contract snapshot`/ },
    {
      title: 'not JSON',
      setup: async () => {
        await writeFile(join(dir, 'broken.json'), '{ "format": 1, ')
        return join(dir, 'broken.json')
      },
      code: 'invalid',
      says: /is not valid JSON .*Restore it from version control, or record it again/,
    },
    {
      title: 'newer format',
      setup: async () => {
        await writeFile(join(dir, 'newer.json'), JSON.stringify({ format: 99, server: { capabilities: {} }, notRecorded: [] }))
        return join(dir, 'newer.json')
      },
      code: 'newer',
      says: /has contract format 99, but this mcp-contract reads format 2 and older\. Upgrade mcp-contract/,
    },
    {
      title: 'not a contract',
      setup: async () => {
        await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'x' }))
        return join(dir, 'package.json')
      },
      code: 'invalid',
      says: /is not an mcp-contract file: it has no "format" number/,
    },
  ])('$title', async ({ setup, code, says }) => {
    const file = await setup()
    const error = await readContract(file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContractFileError)
    expect(error).toMatchObject({ code, file })
    expect((error as Error).message).toMatch(says)
  })
})

describe('writeContract', () => {
  test('writes the serialized text and leaves no temporary file', async () => {
    const file = join(dir, 'mcp-contract.json')
    await writeContract(file, recorded)
    expect(await readFile(file, 'utf8')).toBe(serializeContract(recorded))
    expect(await readdir(dir)).toEqual(['mcp-contract.json'])
  })

  test('a write that cannot happen fails clearly and leaves no temporary file', async () => {
    const blocked = join(dir, 'taken')
    await mkdir(join(blocked, 'inside'), { recursive: true })
    const error = await writeContract(blocked, recorded).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContractFileError)
    expect(error).toMatchObject({ code: 'unwritable', message: expect.stringContaining('could not be written') })
    expect(await readdir(dir)).toEqual(['taken'])
    expect(await readdir(blocked)).toEqual(['inside'])
  })

  test('a missing folder is named in the error', async () => {
    const error = await writeContract(join(dir, 'no-such-folder', 'mcp-contract.json'), recorded).catch((caught: unknown) => caught)
    expect((error as Error).message).toMatch(/could not be written \(ENOENT\)\. Check that its folder exists and is writable\./)
  })
})
