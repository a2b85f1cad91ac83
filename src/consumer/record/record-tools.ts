import { CallFeed } from './call-feed.js'
import { clientKindOf } from './client-kind.js'
import { checkRecordingOptions, type RecordConsumerOptions } from './recording-options.js'
import { RECORDING, WireRecording } from './wire-recording.js'

/** Options of `recordTools`: a recording's, and which server's tools to record. */
export interface RecordToolsOptions extends RecordConsumerOptions {
  /**
   * The server's key in the MCPClient's `servers` (`weather` for `servers: { weather: … }`): the
   * tools named `weather_<tool>` are recorded, as `<tool>`; other servers' tools pass untouched.
   */
  server: string
}

/** One tool as Mastra makes it from an MCP tool (`createTool` in @mastra/core), as far as it is read here. */
interface MastraTool {
  description?: unknown
  inputSchema?: unknown
  outputSchema?: unknown
  execute: (...args: unknown[]) => Promise<unknown>
  /** @mastra/mcp 2: the tool's MCP annotations, when the server listed any. */
  mcp?: { annotations?: Record<string, unknown> }
  /** @mastra/mcp 2: which server the tool came from; marks a tool executed as `execute(input, context)`. */
  mcpMetadata?: unknown
}

/** A Standard JSON Schema (zod 4.2+, and @mastra/mcp 2's converted schemas) turned back into JSON Schema. */
interface StandardJsonSchema {
  '~standard'?: { jsonSchema?: Partial<Record<'input' | 'output', (options: { target: string }) => unknown>> }
}

const HOW = "recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (listTools() on @mastra/mcp 2)"

/**
 * Wraps the tools Mastra's `MCPClient` makes of one MCP server (`await mcp.getTools()` on
 * @mastra/mcp 0.x, `await mcp.listTools()` on 2.x; keyed `<server>_<tool>`) so every call is
 * recorded: the tool's name on the server, its arguments, and the fields of its output that the
 * consumer's own code reads. Reads made inside dependencies (an Agent serialising the output for
 * the model, a validator walking it) are not the consumer's: an output serialised whole is
 * recorded as seen by the model. Hand the returned tools to the Agent in place of the originals,
 * then `expect(tools).toMatchConsumerContract(file)`.
 * What Mastra's tools do not keep is not recorded: the server's own name (so the contract names
 * no provider), and on @mastra/mcp 0.x the tools' hints (verify then takes the live ones).
 * @example const tools = recordTools(await mcp.getTools(), { consumer: 'weather-agent', server: 'weather' })
 */
export function recordTools<T extends object>(tools: T, options: RecordToolsOptions): T {
  checkRecordingOptions('recordTools', 'tools', options)
  if (typeof options.server !== 'string' || options.server.trim() === '') {
    throw new TypeError("recordTools needs the server's key in the MCPClient's servers, the prefix of its tools' names: recordTools(tools, { consumer: 'checkout-agent', server: 'weather' }) for servers: { weather: … }.")
  }
  const prefix = `${options.server}_`
  const names = refuseUnlessMastraTools(tools, prefix)
  const recording = new WireRecording({ ...options, observeReads: true })
  const feed = new CallFeed(recording, () => undefined)
  const source = tools as Record<string, MastraTool>
  let listed = false
  const wrapped = new Map<string, MastraTool>()
  for (const key of names) {
    const tool = source[key]
    const name = key.slice(prefix.length)
    const execute = async (...args: unknown[]) => {
      if (!listed) {
        listed = true
        listing(feed, source, names, prefix)
      }
      // Why by mcpMetadata: @mastra/mcp 2 executes `(input, context)`, 0.x `({ context: input, runtimeContext })`.
      const input = tool.mcpMetadata !== undefined ? args[0] : (args[0] as { context?: unknown } | undefined)?.context
      const id = feed.request('tools/call', { name, arguments: input ?? {} })
      const output = await tool.execute(...args)
      return handOver(feed, id, tool, output)
    }
    wrapped.set(key, new Proxy(tool, { get: (target, member) => (member === 'execute' ? execute : Reflect.get(target, member, target)) }))
  }
  return new Proxy(tools, {
    get(target, key) {
      if (key === RECORDING) return recording
      if (typeof key === 'string' && wrapped.has(key)) return wrapped.get(key)
      return Reflect.get(target, key, target)
    },
    getOwnPropertyDescriptor(target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
      // Why: what copies the tools through their descriptors (Object.getOwnPropertyDescriptors) must get the recorded ones too.
      if (descriptor !== undefined && typeof key === 'string' && wrapped.has(key) && 'value' in descriptor) return { ...descriptor, value: wrapped.get(key) }
      return descriptor
    },
  })
}

/**
 * Hands the consumer the tool's output, its reads tracked. Mastra's tools answer the result's
 * `structuredContent` when the server sent one, and the whole `CallToolResult` otherwise.
 */
function handOver(feed: CallFeed, id: string, tool: MastraTool, output: unknown): unknown {
  // Why: @mastra/mcp 2 answers an output that failed its schema with the validation error, which is no output of the server.
  if (output instanceof Error || typeof output !== 'object' || output === null) return output
  const whole = tool.outputSchema === undefined && Array.isArray((output as { content?: unknown }).content)
  if (whole) return feed.answer(id, output)
  return (feed.answer(id, { content: [], structuredContent: output }) as { structuredContent: unknown }).structuredContent
}

/**
 * Gives the recorder the server's tools as a `tools/list` would, rebuilt from Mastra's tools:
 * names, schemas in JSON Schema, annotations where Mastra kept them (@mastra/mcp 2).
 * Why rebuilt: Mastra lists the tools itself and keeps only what it converted them to.
 */
function listing(feed: CallFeed, tools: Record<string, MastraTool>, names: readonly string[], prefix: string): void {
  const entries = names.map((key) => {
    const tool = tools[key]
    const name = key.slice(prefix.length)
    const annotations = tool.mcp?.annotations
    if (annotations === undefined) feed.recording.hintsNotSeen(name)
    const outputSchema = tool.outputSchema === undefined ? undefined : jsonSchemaOf(tool.outputSchema, 'output')
    return {
      name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      inputSchema: jsonSchemaOf(tool.inputSchema, 'input') ?? { type: 'object' },
      ...(outputSchema !== undefined ? { outputSchema } : {}),
      ...(annotations !== undefined ? { annotations } : {}),
    }
  })
  feed.answer(feed.request('tools/list', {}), { tools: entries })
}

/**
 * A tool schema as JSON Schema, through the Standard JSON Schema interface (zod 4.2 and later,
 * @mastra/mcp 2); `undefined` for a schema without one (zod 3), whose output then goes unjudged.
 */
function jsonSchemaOf(schema: unknown, side: 'input' | 'output'): Record<string, unknown> | undefined {
  const convert = (schema as StandardJsonSchema | undefined)?.['~standard']?.jsonSchema?.[side]
  if (typeof convert !== 'function') return undefined
  try {
    const json = convert({ target: 'draft-2020-12' })
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined
  } catch {
    // Why: a schema that cannot be expressed in JSON Schema leaves the output unjudged, never the call unrecorded.
    return undefined
  }
}

/**
 * The keys of the server's tools in `tools`, or a refusal naming what `recordTools` expects.
 * @throws TypeError when `tools` is not Mastra's tools object, or holds none of the server's tools
 */
function refuseUnlessMastraTools(tools: unknown, prefix: string): string[] {
  const server = prefix.slice(0, -1)
  if (tools instanceof Promise) throw new TypeError(`recordTools wraps the tools Mastra's MCPClient made, and this is a Promise of them: await it first, ${HOW}.`)
  if (clientKindOf(tools) === 'mastra') throw new TypeError(`recordTools wraps the tools Mastra's MCPClient makes, and this is the MCPClient itself: pass its tools, ${HOW}, and hand those tools to the Agent.`)
  const isTool = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as MastraTool).execute === 'function'
  const entries = typeof tools === 'object' && tools !== null && !Array.isArray(tools) ? Object.entries(tools) : []
  if (entries.length === 0 || !entries.some(([, value]) => isTool(value))) {
    throw new TypeError(`recordTools wraps the tools Mastra's MCPClient makes of a server: an object of tools keyed <server>_<tool>, each with execute(). This is ${Array.isArray(tools) ? 'an array' : entries.length === 0 ? 'not such an object' : 'an object with no execute() on any of its values'}. Record it as ${HOW}.`)
  }
  const names = entries.filter(([key, value]) => key.startsWith(prefix) && key.length > prefix.length && isTool(value)).map(([key]) => key)
  if (names.length === 0) {
    throw new TypeError(`recordTools records the tools of server '${server}', named ${prefix}<tool>, and these tools have none: they are ${entries.map(([key]) => key).sort().join(', ')}. Pass as server the key of the MCPClient's servers the tools come from.`)
  }
  return names
}
