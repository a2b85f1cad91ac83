import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListPromptsRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, test } from 'vitest'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { contractSurfaceVouched, parseContract, parseContractText, serializeContract } from '../../src/contract/contract-file.js'
import { contractShapeProblem } from '../../src/contract/contract-shape.js'
import { cleanEntries } from '../../src/lint/enforced-rules.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import type { RawSurface } from '../../src/surface/types.js'
import { normalizeVouched, VOUCH_EPOCH, type Vouched } from '../../src/surface/vouched-entries.js'

type Entry = Record<string, unknown>

const search: Entry = {
  name: 'search',
  title: 'Search',
  description: 'Finds records.',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { q: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
    required: ['q'],
    additionalProperties: false,
  },
  outputSchema: { type: 'object', properties: { hits: { type: 'integer', minimum: 0 } }, required: ['hits'] },
  annotations: { readOnlyHint: true, openWorldHint: false },
  execution: { taskSupport: 'forbidden' },
}
// Why: an external $ref is recorded as not judged, so the tool's notes are part of what is vouched.
const fetchTool: Entry = { name: 'fetch', inputSchema: { type: 'object', properties: { url: { $ref: 'https://example.com/url.json' } } } }
// Why: every client refuses an input schema whose root is not an object, so this one is never vouched.
const broken: Entry = { name: 'broken', inputSchema: { type: 'string' } }
const prompt: Entry = { name: 'review', description: 'Reviews code.', arguments: [{ name: 'code', required: true }] }
const resource: Entry = { uri: 'docs://readme', name: 'readme', mimeType: 'text/markdown', annotations: { audience: ['user'], lastModified: '2026-01-01' } }

/** A real SDK server listing exactly these entries, read the way check reads one. */
async function listed(lists: { tools?: Entry[]; prompts?: Entry[]; resources?: Entry[] }): Promise<RawSurface> {
  const server = new Server({ name: 'listing', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: structuredClone(lists.tools ?? []) as never }))
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: structuredClone(lists.prompts ?? []) as never }))
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: structuredClone(lists.resources ?? []) as never }))
  return captureRaw(server)
}

/** What snapshot writes for `raw`, read back as check reads it. */
function recordedFrom(raw: RawSurface, text = serializeContract(normalizeSurface(raw), { raw, eligible: cleanEntries(raw) })) {
  const { surface, verified } = contractSurfaceVouched(parseContractText(text, 'mcp-contract.json'))
  return { text, recorded: surface, verified, vouched: JSON.parse(text).vouched as Vouched | undefined }
}

/** Every variant of `value` that differs from it in one place: each leaf changed, each object's keys reversed. */
function variants(value: unknown): unknown[] {
  if (typeof value === 'string') return [`${value}x`]
  if (typeof value === 'number') return [value + 1]
  if (typeof value === 'boolean') return [!value]
  if (Array.isArray(value)) return value.flatMap((item, index) => variants(item).map((changed) => value.map((other, at) => (at === index ? changed : other))))
  if (typeof value !== 'object' || value === null) return []
  const entries = Object.entries(value)
  const reversed = entries.length > 1 ? [Object.fromEntries([...entries].reverse())] : []
  return [...reversed, ...entries.flatMap(([key, member]) => variants(member).map((changed) => ({ ...value, [key]: changed })))]
}

const lists = { tools: [search, fetchTool, broken], prompts: [prompt], resources: [resource] }

describe('vouched entries', () => {
  test('snapshot vouches for each entry no enforced rule faults; the file of another version reads them as plain keys', async () => {
    const { text, vouched } = recordedFrom(await listed(lists))
    expect(Object.keys(JSON.parse(text)).at(-1)).toBe('vouched')
    expect(vouched?.epoch).toBe(VOUCH_EPOCH)
    expect(Object.keys(vouched?.tools ?? {}).sort()).toEqual(['fetch', 'search'])
    expect(Object.keys(vouched?.prompts ?? {})).toEqual(['review'])
    expect(Object.keys(vouched?.resources ?? {})).toEqual(['docs://readme'])
  })

  test('a check of the same listing reuses every vouched entry, and the surface is what normalizing returns', async () => {
    const { recorded, verified } = recordedFrom(await listed(lists))
    const live = await listed(lists)
    const { surface, fresh } = normalizeVouched(live, verified)
    expect(surface).toEqual(normalizeSurface(live))
    expect(surface.tools?.find((tool) => tool.name === 'search')).toBe(recorded.tools?.find((tool) => tool.name === 'search'))
    expect(fresh.tools?.map((tool) => tool.name)).toEqual(['broken'])
    expect([fresh.prompts, fresh.resources]).toEqual([[], []])
  })

  test.each([
    { title: 'search', entry: search },
    { title: 'fetch (with a note)', entry: fetchTool },
  ])('$title: a live entry that differs from the vouched one in any byte is judged afresh', async ({ entry }) => {
    const { verified } = recordedFrom(await listed(lists))
    const changed = variants(entry) as Entry[]
    expect(changed.length).toBeGreaterThan(entry === search ? 25 : 4)
    for (const variant of changed) {
      const live = await listed({ ...lists, tools: lists.tools.map((tool) => (tool === entry ? variant : tool)) })
      const { surface, fresh } = normalizeVouched(live, verified)
      // Why two: the changed entry, and the broken one (never vouched); the third is reused.
      expect(fresh.tools).toHaveLength(2)
      expect(fresh.tools).toContain(live.tools?.[lists.tools.indexOf(entry)])
      expect(surface).toEqual(normalizeSurface(live))
    }
  })

  test('a hand edit of a recorded entry, or of what the file records as not judged in it, is judged afresh', async () => {
    const raw = await listed(lists)
    const { text } = recordedFrom(raw)
    const file = JSON.parse(text) as { tools: Entry[]; notRecorded: Entry[] }
    const edits = [
      ...variants(file.tools.find((tool) => tool.name === 'search')).map((tool) => ({ ...file, tools: file.tools.map((one) => (one.name === 'search' ? tool : one)) })),
      ...variants(file.notRecorded).map((notRecorded) => ({ ...file, notRecorded })),
    ]
    // Why left out: a value of the wrong shape is refused before anything is reused.
    const readable = edits.filter((edited) => contractShapeProblem(edited) === undefined)
    expect(readable.length).toBeGreaterThan(20)
    for (const edited of readable) {
      const { verified } = recordedFrom(raw, JSON.stringify(edited))
      const { surface, fresh } = normalizeVouched(await listed(lists), verified)
      expect(surface).toEqual(normalizeSurface(raw))
      expect(fresh.tools?.length).toBeGreaterThan(1)
    }
  })

  test('a key listed twice is never vouched nor reused', async () => {
    const twice = { ...lists, tools: [search, { ...search, description: 'Again.' }] }
    const { vouched } = recordedFrom(await listed(twice))
    expect(vouched?.tools).toBeUndefined()
    const { verified } = recordedFrom(await listed(lists))
    const live = await listed(twice)
    const { surface, fresh } = normalizeVouched(live, verified)
    expect(fresh.tools).toHaveLength(2)
    expect(surface).toEqual(normalizeSurface(live))
  })

  test('a file without vouched digests, or of another epoch, reads and is judged afresh', async () => {
    const raw = await listed(lists)
    const plain = serializeContract(normalizeSurface(raw))
    expect(plain).not.toContain('vouched')
    const { text } = recordedFrom(raw)
    const otherEpoch = JSON.stringify({ ...JSON.parse(text), vouched: { ...JSON.parse(text).vouched, epoch: VOUCH_EPOCH + 1 } })
    for (const file of [plain, otherEpoch]) {
      const { recorded, verified } = recordedFrom(raw, file)
      expect(verified).toBeUndefined()
      expect(recorded).toEqual(normalizeSurface(raw))
      const { surface, fresh } = normalizeVouched(await listed(lists), verified)
      expect(surface).toEqual(normalizeSurface(raw))
      expect(fresh.tools).toHaveLength(3)
    }
  })

  test('a vouched entry is read as snapshot checked it; a wrong value elsewhere is named at its own index, as without vouched', async () => {
    const { text } = recordedFrom(await listed(lists))
    const file = JSON.parse(text) as { tools: Entry[]; vouched: unknown }
    const wrong = { ...file, tools: file.tools.map((tool) => (tool.name === 'broken' ? { ...tool, taskSupport: 'sometimes' } : tool)) }
    const { vouched: _vouched, ...plain } = wrong
    const message = (contract: object) => {
      try {
        parseContract(JSON.stringify(contract), 'mcp-contract.json')
      } catch (error) {
        return (error as Error).message
      }
      return 'read'
    }
    expect(message(wrong)).toBe(message(plain))
    expect(message(wrong)).toContain('tools[0].taskSupport must be one of')
    expect(parseContract(text, 'mcp-contract.json')).toEqual(parseContract(serializeContract(normalizeSurface(await listed(lists))), 'mcp-contract.json'))
  })
})
