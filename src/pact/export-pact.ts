import { createHash } from 'node:crypto'
import type { ConsumerContract, ConsumerTool } from '../consumer/consumer-contract.js'
import { parseReadPath } from '../consumer/track-reads.js'
import type { PathSegment } from '../schema/types.js'
import { sortKeys, stableStringify } from '../surface/stable-json.js'
import type { Json, Schema } from '../surface/types.js'
import { MCP_CONTENT_TYPE, type McpOperation, type PactExtension, type PactRules } from './pact-model.js'

/**
 * The Pact MCP plugin version whose interaction shape the export writes. Why a constant: the
 * plugin reads `metadata.plugins` to know which plugin handles the pact; the shape is its v0.
 */
export const MCP_PLUGIN_VERSION = '0.1.0'

/** Where the exported pact says the provider is reached; the plugin's default transport. */
const TRANSPORT = 'stdio'

/** A pact written from a consumer contract: its file name and its exact text. */
export interface ExportedPact {
  /** `<consumer>-<provider>.json`, as Pact names pact files (characters a file name cannot hold become `-`). */
  fileName: string
  text: string
}

/**
 * A consumer contract as a Pact V4 pact in the MCP plugin's shape: one `Synchronous/Messages`
 * interaction per recorded tool call (a call recorded in a state carries it as `providerStates`),
 * prompt got and resource read. The response holds only what
 * the consumer reads, each read path under a `type` rule (the value recorded is an example, not a
 * promise); what Pact has no place for goes under `metadata["mcp-contract"]`. The same contract
 * always gives the same bytes (keys sorted, lists in the contract's order, keys hashed from content).
 * @example exportPact(await readConsumerContract('contracts/checkout.mcp-consumer.json'), 'shop').fileName // 'checkout-agent-shop.json'
 */
export function exportPact(contract: ConsumerContract, provider: string): ExportedPact {
  const interactions: Record<string, unknown>[] = []
  for (const tool of [...contract.tools].sort((a, b) => compare(a.name, b.name))) {
    const body = responseBody(tool)
    for (const example of tool.examples) {
      interactions.push(interaction('tools/call', `tools/call ${tool.name} ${stableStringify(example)}`, { name: tool.name, arguments: example as Json }, {}, body.content, body.rules))
    }
    // Why providerStates: a recorded state (given) is what Pact calls a provider state; the provider sets it up before the call.
    for (const state of Object.keys(tool.given ?? {}).sort(compare)) {
      for (const example of tool.given?.[state] ?? []) {
        interactions.push(interaction('tools/call', `tools/call ${tool.name} ${stableStringify(example)} given ${state}`, { name: tool.name, arguments: example as Json }, {}, body.content, body.rules, state))
      }
    }
  }
  for (const prompt of [...contract.prompts].sort((a, b) => compare(a.name, b.name))) {
    const names = [...prompt.arguments].sort()
    const requestRules: PactRules = Object.fromEntries(names.map((name) => [`$.arguments${jsonPathKey(name)}`, TYPE_RULE]))
    // Why "": only the argument names are recorded; the type rule says any string will do.
    // Why an empty response: the consumer's reads of a prompt are not recorded, and `messages: []` would demand an empty list.
    interactions.push(interaction('prompts/get', `prompts/get ${prompt.name}`, { name: prompt.name, arguments: Object.fromEntries(names.map((name) => [name, ''])) }, requestRules, {}, {}))
  }
  for (const resource of [...contract.resources].sort((a, b) => compare(a.uri, b.uri))) {
    interactions.push(interaction('resources/read', `resources/read ${resource.uri}`, { uri: resource.uri }, {}, { contents: [{ uri: resource.uri }] }, {}))
  }
  const extension: PactExtension = {
    format: contract.format,
    tools: [...contract.tools].sort((a, b) => compare(a.name, b.name)).map((tool) => ({ name: tool.name, ...(tool.hints ? { hints: { ...tool.hints } } : {}), reads: [...tool.reads].sort(), ...(tool.output !== undefined ? { output: tool.output as Json } : {}), ...(tool.textDigest !== undefined ? { textDigest: tool.textDigest } : {}) })),
  }
  const pact = {
    consumer: { name: contract.consumer },
    provider: { name: provider },
    interactions,
    metadata: sortKeys({
      'mcp-contract': extension,
      pactSpecification: { version: '4.0' },
      plugins: [{ configuration: {}, name: 'mcp', version: MCP_PLUGIN_VERSION }],
    }),
  }
  // Why the names made safe: a name is the consumer's to choose, and must never lead the file out of --out.
  const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^\.+/, '')
  return { fileName: `${safe(contract.consumer)}-${safe(provider)}.json`, text: `${JSON.stringify(pact, null, 2)}\n` }
}

const TYPE_RULE = { combine: 'AND', matchers: [{ match: 'type' }] }

function interaction(operation: McpOperation, description: string, request: Json, requestRules: PactRules, response: Json, responseRules: PactRules, state?: string): Record<string, unknown> {
  const contents = (content: Json) => ({ content, contentType: MCP_CONTENT_TYPE, contentTypeHint: 'TEXT', encoded: false })
  const rulesOf = (rules: PactRules) => (Object.keys(rules).length > 0 ? { matchingRules: { body: rules } } : {})
  const body = sortKeys({
    description,
    pending: false,
    pluginConfiguration: { mcp: { operation, server: { transport: TRANSPORT } } },
    ...(state !== undefined ? { providerStates: [{ name: state }] } : {}),
    request: { contents: contents(request), ...rulesOf(requestRules) },
    response: [{ contents: contents(response), ...rulesOf(responseRules) }],
    type: 'Synchronous/Messages',
  }) as Record<string, unknown>
  // Why a key from the content: V4 tells interactions apart by key, and the Broker compares bytes.
  const key = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16)
  return sortKeys({ ...body, key }) as Record<string, unknown>
}

/**
 * The response a tool call must give: each read path present with an example value of the type
 * the output schema slice promised, under a `type` rule, and nothing the consumer does not read. A path the slice gives no
 * type for stays in the extension only (Pact would otherwise demand a value nobody promised).
 */
function responseBody(tool: ConsumerTool): { content: Json; rules: PactRules } {
  const rules: PactRules = {}
  let structured: Json | undefined
  for (const read of [...tool.reads].sort()) {
    const path = parseReadPath(read)
    const leaf = tool.output === undefined ? undefined : schemaAt(tool.output, path)
    const example = leaf === undefined ? undefined : exampleOf(leaf)
    if (example === undefined) continue
    structured = place(structured ?? {}, path, example)
    rules[`$.structuredContent${jsonPath(path)}`] = TYPE_RULE
    // Why: an array along the way may hold any number of items, each like the example one.
    path.forEach((segment, index) => {
      if (segment === '[]') rules[`$.structuredContent${jsonPath(path.slice(0, index))}`] = { combine: 'AND', matchers: [{ match: 'type', min: 0 }] }
    })
  }
  // Why nothing else: Pact compares every value the response holds (an empty list demands an empty
  // list, and a key it names must be there), so a response holds only what the consumer reads.
  return { content: structured === undefined ? {} : { structuredContent: structured }, rules: sortKeys(rules) as PactRules }
}

/** The schema at a read path of an output schema slice, through `properties`, `items` and the first composition branch that has it. */
function schemaAt(schema: Schema, path: readonly PathSegment[]): Schema | undefined {
  if (path.length === 0) return schema
  if (typeof schema !== 'object' || schema === null) return undefined
  const node = schema as Record<string, unknown>
  const [head, ...rest] = path
  if (head === '[]' && typeof node.items === 'object' && node.items !== null && !Array.isArray(node.items)) return schemaAt(node.items as Schema, rest)
  const properties = node.properties as Record<string, Schema> | undefined
  if (head !== '[]' && properties !== undefined && Object.hasOwn(properties, head as string)) return schemaAt(properties[head as string], rest)
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (node[keyword] as Schema[] | undefined) ?? []) {
      const found = schemaAt(branch, path)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** An example value of a schema: its const, first enum value, first example, default, or a plain value of its one type (none for a union). */
function exampleOf(schema: Schema): Json | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const node = schema as Record<string, unknown>
  if (node.const !== undefined) return node.const as Json
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as Json
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0] as Json
  if (node.default !== undefined) return node.default as Json
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((type) => type !== undefined)
  // Why one type only: a Pact `type` rule holds the example's one JSON type, so it cannot say "string or null".
  if (types.length !== 1 || node.anyOf !== undefined || node.oneOf !== undefined) return undefined
  const plain: Record<string, Json> = { string: '', integer: 0, number: 0, boolean: false, object: {}, array: [], null: null }
  return plain[types[0] as string]
}

/** Puts a value at a read path inside a JSON value, an array holding one item. */
function place(target: Json, path: readonly PathSegment[], value: Json): Json {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (head === '[]') {
    const list = Array.isArray(target) ? target : []
    return [place(list[0] ?? {}, rest, value)]
  }
  const record = typeof target === 'object' && target !== null && !Array.isArray(target) ? target : {}
  return { ...record, [head as string]: place(record[head as string] ?? {}, rest, value) }
}

/** A read path as a Pact JSON path suffix: `.items[*].price`. */
function jsonPath(path: readonly PathSegment[]): string {
  return path.map((segment) => (segment === '[]' ? '[*]' : jsonPathKey(String(segment)))).join('')
}

function jsonPathKey(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) ? `.${name}` : `['${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
