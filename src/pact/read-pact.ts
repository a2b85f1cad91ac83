import type { ConsumerContract, ConsumerTool } from '../consumer/consumer-contract.js'
import type { Json, ToolHints } from '../surface/types.js'
import { MCP_CONTENT_TYPE, MCP_OPERATIONS, PactError, type ForeignInteraction, type McpInteraction, type McpOperation, type McpPact, type PactExtension, type PactRules } from './pact-model.js'

type JsonObject = { [key: string]: Json }

/**
 * Reads a parsed V4 pact as MCP: each interaction in either shape the Pact MCP plugin writes (the
 * V4 request/response form its engine writes, or its `contents.mcp` fragment, schemaVersion "0")
 * becomes one {@link McpInteraction}; every other interaction (HTTP, asynchronous messages,
 * another content type) is listed as foreign, never dropped.
 * @throws PactError naming the file and what is wrong (not V4, an unknown operation, a missing name)
 * @example readPact(JSON.parse(text), 'pacts/weather-agent-weather-mcp.json').interactions[0].operation // 'tools/call'
 */
export function readPact(data: unknown, source: string): McpPact {
  const pact = data as { consumer?: { name?: unknown }; provider?: { name?: unknown }; interactions: unknown[]; metadata?: JsonObject }
  const version = String((pact.metadata?.pactSpecification as JsonObject | undefined)?.version ?? '')
  if (!version.startsWith('4.')) {
    throw new PactError(`${source} is a Pact ${version === '' ? 'file with no metadata.pactSpecification.version' : `V${version} file`}; mcp-contract reads Pact specification V4 (the MCP plugin writes V4). Regenerate it with a V4 Pact library.`)
  }
  if (typeof pact.consumer?.name !== 'string' || pact.consumer.name === '') throw new PactError(`${source} names no consumer (consumer.name); a pact says whose contract it is.`)
  const interactions: McpInteraction[] = []
  const foreign: ForeignInteraction[] = []
  pact.interactions.forEach((raw, index) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as JsonObject
    const description = typeof item.description === 'string' ? item.description : `interaction ${index + 1}`
    const read = readInteraction(item, description, source)
    if ('operation' in read) interactions.push(read)
    else foreign.push(read)
  })
  const extension = (pact.metadata?.['mcp-contract'] as PactExtension | undefined) ?? undefined
  return {
    consumer: pact.consumer.name,
    provider: typeof pact.provider?.name === 'string' ? pact.provider.name : '',
    interactions,
    foreign,
    ...(extension !== undefined && Array.isArray(extension.tools) ? { extension } : {}),
  }
}

/**
 * Reads one raw V4 interaction as it stands in a pact file (either MCP shape the plugin writes).
 * @throws PactError for an interaction that is not MCP, or not an interaction at all, naming `readPact`
 * @example readPactInteraction(JSON.parse(text).interactions[0], 'pacts/weather-agent-weather-mcp.json').operation // 'tools/call'
 */
export function readPactInteraction(raw: unknown, source: string): McpInteraction {
  const item = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as JsonObject
  const description = typeof item.description === 'string' ? item.description : 'the interaction'
  const read = readInteraction(item, description, source)
  if ('operation' in read) return read
  const what = typeof raw !== 'object' || raw === null || Array.isArray(raw) || item.type === undefined ? `${JSON.stringify(raw)?.slice(0, 80) ?? String(raw)} is not a Pact V4 interaction` : `"${description}" is not an MCP interaction (${read.kind})`
  throw new PactError(`${source}: ${what}; pass one of readPact(pact, file).interactions (the MCP interactions of a V4 pact), or an interaction of type Synchronous/Messages with content type ${MCP_CONTENT_TYPE} as it stands in the file.`)
}

function readInteraction(item: JsonObject, description: string, source: string): McpInteraction | ForeignInteraction {
  const type = typeof item.type === 'string' ? item.type : 'no type'
  const states = statesOf(item.providerStates)
  const key = typeof item.key === 'string' ? { key: item.key } : {}
  const fragment = (item.contents as JsonObject | undefined)?.mcp as JsonObject | undefined
  if (type === 'Synchronous/Messages' && (item.contents as JsonObject | undefined)?.['pact:content-type'] === MCP_CONTENT_TYPE && fragment !== undefined) {
    if (fragment.schemaVersion !== '0') throw new PactError(`${source}: "${description}" has an MCP fragment of schemaVersion ${JSON.stringify(fragment.schemaVersion)}; this mcp-contract reads schemaVersion "0". Upgrade mcp-contract.`)
    const rules = (item.matchingRules ?? {}) as { request?: PactRules; response?: PactRules }
    return {
      description,
      ...key,
      operation: operationOf(fragment.operation, description, source),
      request: objectOf(fragment.request),
      response: objectOf(fragment.response),
      requestRules: rules.request ?? {},
      responseRules: rules.response ?? {},
      states,
    }
  }
  const request = item.request as JsonObject | undefined
  const requestContents = request?.contents as JsonObject | undefined
  const mcp = (item.pluginConfiguration as JsonObject | undefined)?.mcp as JsonObject | undefined
  if (type === 'Synchronous/Messages' && requestContents?.contentType === MCP_CONTENT_TYPE) {
    const [response] = (Array.isArray(item.response) ? item.response : []) as JsonObject[]
    return {
      description,
      ...key,
      operation: operationOf(mcp?.operation ?? 'tools/call', description, source),
      request: objectOf(contentOf(requestContents)),
      response: objectOf(contentOf(response?.contents as JsonObject | undefined)),
      requestRules: ((request?.matchingRules as JsonObject | undefined)?.body ?? {}) as PactRules,
      responseRules: ((response?.matchingRules as JsonObject | undefined)?.body ?? {}) as PactRules,
      states,
    }
  }
  const contentType = requestContents?.contentType ?? (item.contents as JsonObject | undefined)?.contentType
  return { description, kind: typeof contentType === 'string' && type.includes('Messages') ? `${type}, ${contentType}` : type }
}

/** The content of a V4 message part: JSON as is, or text that holds JSON. */
function contentOf(contents: JsonObject | undefined): Json {
  const content = contents?.content
  if (typeof content !== 'string') return content ?? {}
  try {
    return JSON.parse(content) as Json
  } catch {
    return {}
  }
}

function operationOf(value: Json | undefined, description: string, source: string): McpOperation {
  if (MCP_OPERATIONS.includes(value as McpOperation)) return value as McpOperation
  throw new PactError(`${source}: "${description}" has MCP operation ${JSON.stringify(value)}; the plugin's operations are ${MCP_OPERATIONS.join(', ')}.`)
}

function objectOf(value: Json | undefined): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
}

function statesOf(value: Json | undefined): string[] {
  if (typeof value === 'string') return [value]
  if (!Array.isArray(value)) return []
  return value.map((state) => (state as JsonObject | null)?.name).filter((name): name is string => typeof name === 'string')
}

/**
 * What a pact's MCP interactions use, as a consumer contract, so verify judges a pact exactly as it
 * judges a contract: each tool called (its arguments as examples), prompt got, resource read, and
 * each tool, prompt and resource a list interaction expects. Hints, read paths, output slices and
 * text digests come from `metadata["mcp-contract"]` when mcp-contract wrote the pact; otherwise read paths come
 * from the `type` rules under `$.structuredContent`.
 * @example pactAsConsumerContract(readPact(data, file)).tools[0].examples // [{ city: 'Melbourne' }]
 */
export function pactAsConsumerContract(pact: McpPact): ConsumerContract {
  const tools = new Map<string, ConsumerTool>()
  const prompts = new Map<string, Set<string>>()
  const resources = new Set<string>()
  const tool = (name: string) => {
    if (!tools.has(name)) tools.set(name, { name, examples: [], reads: [] })
    return tools.get(name) as ConsumerTool
  }
  for (const interaction of pact.interactions) {
    const { request, response } = interaction
    if (interaction.operation === 'tools/call' && typeof request.name === 'string') {
      const used = tool(request.name)
      const example = objectOf(request.arguments)
      const given = stateOf(interaction)
      // Why under given: an interaction's provider states are a consumer contract's recorded state, so `states` handlers run for them.
      const examples = given === undefined ? used.examples : ((used.given ??= {})[given] ??= [])
      if (!examples.some((seen) => JSON.stringify(seen) === JSON.stringify(example))) examples.push(example)
      for (const read of readsOf(interaction)) if (!used.reads.includes(read)) used.reads.push(read)
    } else if (interaction.operation === 'prompts/get' && typeof request.name === 'string') {
      const names = prompts.get(request.name) ?? new Set<string>()
      for (const name of Object.keys(objectOf(request.arguments))) names.add(name)
      prompts.set(request.name, names)
    } else if (interaction.operation === 'resources/read' && typeof request.uri === 'string') {
      resources.add(request.uri)
    } else if (interaction.operation === 'tools/list') {
      for (const entry of listed(response.tools)) if (typeof entry.name === 'string') tool(entry.name)
    } else if (interaction.operation === 'prompts/list') {
      for (const entry of listed(response.prompts)) if (typeof entry.name === 'string' && !prompts.has(entry.name)) prompts.set(entry.name, new Set())
    } else if (interaction.operation === 'resources/list') {
      for (const entry of listed(response.resources)) if (typeof entry.uri === 'string') resources.add(entry.uri)
    }
  }
  for (const recorded of pact.extension?.tools ?? []) {
    // Why add a tool no interaction calls: a consumer contract may list a tool used with no example recorded; it still must exist.
    const used = tool(recorded.name)
    if (recorded.hints !== undefined) used.hints = recorded.hints as unknown as ToolHints
    used.reads = [...recorded.reads]
    if (recorded.output !== undefined) used.output = recorded.output as ConsumerTool['output']
    // Why carried: verify reports a used tool whose texts changed only against the digest the contract recorded.
    if (typeof recorded.textDigest === 'string') used.textDigest = recorded.textDigest
  }
  return {
    format: 1,
    consumer: pact.consumer,
    tools: [...tools.values()],
    prompts: [...prompts].map(([name, names]) => ({ name, arguments: [...names].sort() })),
    resources: [...resources].map((uri) => ({ uri })),
  }
}

/**
 * The one state name an interaction's call is made in: its provider state, or several joined with
 * " and " (Why: a consumer contract names one state per example; verify runs the handler registered
 * under the joined name if there is one, else each state's own, in the pact's order).
 */
export function stateOf(interaction: McpInteraction): string | undefined {
  return interaction.states.length === 0 ? undefined : interaction.states.join(' and ')
}

function listed(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.map(objectOf) : []
}

/** The read paths a tool-call interaction's `type` rules name under `$.structuredContent`, dotted (`items[].price`). */
function readsOf(interaction: McpInteraction): string[] {
  const reads: string[] = []
  for (const [path, rule] of Object.entries(interaction.responseRules)) {
    if (!path.startsWith('$.structuredContent.') || !(rule.matchers ?? []).some((matcher) => matcher.match === 'type' && matcher.min === undefined)) continue
    reads.push(
      path
        .slice('$.structuredContent.'.length)
        .replace(/\[\*\]/g, '[]')
        .replace(/\['((?:[^'\\]|\\.)*)'\]/g, (_, name: string) => `.${name.replace(/\\(.)/g, '$1')}`)
        .replace(/^\./, ''),
    )
  }
  return reads.sort()
}
