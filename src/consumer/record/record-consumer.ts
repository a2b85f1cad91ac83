import { CallFeed } from './call-feed.js'
import { clientKindOf, type ClientKind } from './client-kind.js'
import { checkRecordingOptions, type RecordConsumerOptions } from './recording-options.js'
import { RECORDING, WireRecording } from './wire-recording.js'

export type { RecordConsumerOptions } from './recording-options.js'

/** The minimal client a recorder wraps: an SDK 1.x or 2.x `Client`, already connected. */
interface ClientLike {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]): Promise<Record<string, unknown>>
  request(request: { method: string; params?: Record<string, unknown> }, schema: unknown, options?: unknown): Promise<unknown>
  /** Both SDKs: the server's `serverInfo`; 2.x leaves it undefined for a modern server that did not name itself. */
  getServerVersion?(): unknown
}

// Why not the SDK's zod schemas: see src/capture/passthrough-result-schema.ts; any result is kept as sent.
const PASSTHROUGH = { safeParse: (data: unknown) => ({ success: true as const, data }), '~standard': { version: 1 as const, vendor: 'mcp-contract', validate: (value: unknown) => ({ value }) } }

/** The most pages of tools/list the recorder reads. */
const MAX_PAGES = 100

/**
 * The server's tools, read once with raw requests (so a list the SDK would refuse is still read).
 * Why not on the client's transport: the SDK's `callTool` parses the result into a copy before
 * the consumer sees it, so reads are tracked on the result `callTool` returns instead.
 */
async function listTools(feed: CallFeed, client: ClientLike): Promise<void> {
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = cursor ? { cursor } : {}
    const id = feed.request('tools/list', params)
    const result = (await client.request({ method: 'tools/list', ...(cursor ? { params } : {}) }, PASSTHROUGH)) as { tools?: unknown; nextCursor?: unknown }
    feed.answer(id, result)
    cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined
    if (cursor === undefined) break
  }
}

/**
 * Why each names another way in: a framework's client calls the server around any wrapper of
 * it, so wrapping it would record nothing; these say where that framework can be recorded.
 */
const REFUSALS: Record<Exclude<ClientKind, 'sdk-client'>, string> = {
  'ai-sdk':
    "recordConsumer wraps an MCP SDK Client, and this is an AI SDK MCP client (createMCPClient from @ai-sdk/mcp): its tools() call the server around any wrapper, so nothing would be recorded. Record its transport instead: const transport = recordTransport(new StdioClientTransport({ command: 'node', args: ['server.js'] }), { consumer: 'checkout-agent' }); createMCPClient({ transport }); then expect(transport).toMatchConsumerContract(file).",
  'langchain-multi-server':
    "recordConsumer wraps an MCP SDK Client, and this is LangChain's MultiServerMCPClient: the tools it makes are bound to clients it keeps, so nothing would be recorded. Load the tools from a recorded client instead: const client = recordConsumer(await multi.getClient('weather'), { consumer: 'checkout-agent' }); const tools = await loadMcpTools('weather', client); then expect(client).toMatchConsumerContract(file).",
  mastra:
    "recordConsumer wraps an MCP SDK Client, and this is Mastra's MCPClient, which makes its own connections and takes no client or transport. Record the tools it makes instead: const tools = recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (await mcp.listTools() on @mastra/mcp 2); hand those tools to the Agent, then expect(tools).toMatchConsumerContract(file). Without changing the code: start the server through the record proxy in its server entry, servers: { weather: { command: 'npx', args: ['mcp-contract', 'record', '--consumer', 'checkout-agent', '--out', 'contracts/checkout-agent.mcp-consumer.json', '--', 'node', 'server.js'] } } (it sees only the wire: reads not observed).",
  unknown:
    'recordConsumer wraps a connected MCP SDK Client (@modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x), and this is not one. For another client, record the transport it sends through with recordTransport(transport, { consumer }), or start the server through the record proxy (mcp-contract record --consumer NAME --out FILE -- <server command>), which records a client in any language.',
}

/**
 * Wraps a connected MCP SDK `Client` so the consumer's code uses it exactly as before (same
 * methods, same results) while every tool call, prompt and resource read is recorded, and every
 * field read from a tool's `structuredContent` is noted. Hand the result to
 * `expect(client).toMatchConsumerContract(file)`.
 * @example const client = recordConsumer(connected, { consumer: 'checkout-agent', redact: ['auth.token'] })
 */
export function recordConsumer<C extends object>(client: C, options: RecordConsumerOptions): C {
  checkRecordingOptions('recordConsumer', 'client', options)
  const kind = clientKindOf(client)
  if (kind !== 'sdk-client') throw new TypeError(REFUSALS[kind])
  const target = client as unknown as ClientLike & Record<PropertyKey, unknown>
  const recording = new WireRecording({ ...options, observeReads: true })
  const feed = new CallFeed(recording, () => (typeof target.getServerVersion === 'function' ? target.getServerVersion() : undefined))
  let listing: Promise<void> | undefined
  const wrapped: Record<string, unknown> = {
    callTool: async (params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]) => {
      const id = feed.request('tools/call', params as Record<string, unknown>)
      const result = await target.callTool(params, ...rest)
      await (listing ??= listTools(feed, target))
      return feed.answer(id, result)
    },
    getPrompt: async (params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]) => {
      const id = feed.request('prompts/get', params as Record<string, unknown>)
      return feed.answer(id, await (target.getPrompt as (...args: unknown[]) => Promise<unknown>)(params, ...rest))
    },
    readResource: async (params: { uri: string }, ...rest: unknown[]) => {
      const id = feed.request('resources/read', params as Record<string, unknown>)
      return feed.answer(id, await (target.readResource as (...args: unknown[]) => Promise<unknown>)(params, ...rest))
    },
  }
  return new Proxy(client, {
    get(object, key) {
      if (key === RECORDING) return recording
      if (typeof key === 'string' && Object.hasOwn(wrapped, key)) return wrapped[key]
      const value = Reflect.get(object, key, object)
      // Why bound to the client: SDK methods use private fields, which a Proxy as `this` cannot reach.
      return typeof value === 'function' ? value.bind(object) : value
    },
  })
}

/** The recording behind a client from `recordConsumer`, a transport from `recordTransport` or tools from `recordTools`; `undefined` for anything else. */
export function consumerRecordingOf(value: unknown): WireRecording | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
  const recording = (value as Record<PropertyKey, unknown>)[RECORDING]
  return recording instanceof WireRecording ? recording : undefined
}
