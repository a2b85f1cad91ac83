import { schemaValidator } from '../contract/schema-validator.js'
import { renderPath } from '../surface/render-path.js'
import { normalizeSurface } from '../surface/normalize.js'
import type { PathSegment } from '../schema/types.js'
import type { Json, Schema, SurfaceTool } from '../surface/types.js'
import { CONSUMER_CONTRACT_FORMAT, type ConsumerContract, type ConsumerExample, type ConsumerTool } from './consumer-contract.js'
import { redact, shapeOf } from './example-shape.js'
import { sliceSchema } from './slice-schema.js'
import { leafPaths, trackReads } from './track-reads.js'

/** Options of `recordConsumer`. */
export interface RecordConsumerOptions {
  /** The consumer's name, stored in its contract (`checkout-agent`). */
  consumer: string
  /** Argument paths whose values never reach the contract file: `password`, `auth.token`, `items[].secret`. */
  redact?: string[]
  /** At most this many examples per tool, one per argument shape. Default 5. */
  maxExamples?: number
  /**
   * The state the server is in for these calls (`'cart has 2 items'`), recorded on each example;
   * a provider's `verify --call` sets it up with its handler for that state before calling.
   */
  given?: string
}

/** A structuredContent that broke the tool's advertised output schema, seen while recording. */
export interface OutputViolation {
  tool: string
  /** Ajv's errors in words, one per line. */
  errors: string
}

/** The minimal client a recorder wraps: an SDK 1.x or 2.x `Client`, already connected. */
interface ClientLike {
  callTool(params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]): Promise<Record<string, unknown>>
  request(request: { method: string; params?: Record<string, unknown> }, schema: unknown, options?: unknown): Promise<unknown>
  /** Both SDKs: the server's `serverInfo`; 2.x leaves it undefined for a modern server that did not name itself. */
  getServerVersion?(): unknown
}

const RECORDING = Symbol.for('mcp-contract.consumer-recording')

// Why not the SDK's zod schemas: see src/capture/passthrough-result-schema.ts; any result is kept as sent.
const PASSTHROUGH = { safeParse: (data: unknown) => ({ success: true as const, data }), '~standard': { version: 1 as const, vendor: 'mcp-contract', validate: (value: unknown) => ({ value }) } }

/** The most pages of tools/list the recorder reads. */
const MAX_PAGES = 100

/** What a consumer did through a recorded client, turned into its contract on demand. */
export class ConsumerRecording {
  readonly violations: OutputViolation[] = []
  private readonly tools = new Map<string, { examples: Map<string, ConsumerExample>; reads: PathSegment[][] }>()
  private readonly prompts = new Map<string, Set<string>>()
  private readonly resources = new Set<string>()
  private listing: Promise<{ raw: Map<string, Record<string, unknown>>; tools: Map<string, SurfaceTool> }> | undefined

  constructor(
    private readonly client: ClientLike,
    private readonly options: RecordConsumerOptions,
  ) {}

  /** Notes a tool call and its arguments (redacted, one per shape, capped). */
  noteCall(name: string, args: Record<string, unknown> | undefined): void {
    const tool = this.tool(name)
    const example = redact((args ?? {}) as Json, this.options.redact ?? []) as ConsumerExample
    const shape = shapeOf(example)
    if (!tool.examples.has(shape) && tool.examples.size < (this.options.maxExamples ?? 5)) tool.examples.set(shape, example)
  }

  /** Checks a tool's result against its advertised output schema and tracks what is read from it. */
  async observeResult(name: string, result: Record<string, unknown>): Promise<Record<string, unknown>> {
    const content = result.structuredContent
    if (typeof content !== 'object' || content === null) return result
    const advertised = (await this.listed()).raw.get(name)?.outputSchema as Schema | undefined
    if (advertised !== undefined) {
      const compiled = (await schemaValidator()).compile(advertised)
      const verdict = 'check' in compiled ? compiled.check(content) : `the advertised output schema does not compile: ${compiled.failure}`
      if (verdict !== true) this.violations.push({ tool: name, errors: verdict })
    }
    const reads = this.tool(name).reads
    return { ...result, structuredContent: trackReads(content, (path) => reads.push(path)) }
  }

  /** Notes a prompt got, with the argument names passed. */
  notePrompt(name: string, args: Record<string, unknown> | undefined): void {
    const names = this.prompts.get(name) ?? new Set<string>()
    for (const key of Object.keys(args ?? {})) names.add(key)
    this.prompts.set(name, names)
  }

  /** Notes a resource read. */
  noteResource(uri: string): void {
    this.resources.add(uri)
  }

  /** The consumer contract of everything recorded so far. */
  async contract(): Promise<ConsumerContract> {
    const { tools: listed } = this.tools.size > 0 ? await this.listed() : { tools: new Map<string, SurfaceTool>() }
    const tools: ConsumerTool[] = [...this.tools].map(([name, used]) => {
      const live = listed.get(name)
      const paths = leafPaths(used.reads)
      const examples = [...used.examples.values()]
      const given = this.options.given
      const tool: ConsumerTool = given === undefined ? { name, examples, reads: paths.map(renderPath) } : { name, examples: [], given: { [given]: examples }, reads: paths.map(renderPath) }
      if (live !== undefined) tool.hints = live.hints
      if (live?.outputSchema !== undefined && paths.length > 0) tool.output = sliceSchema(live.outputSchema, paths)
      return tool
    })
    const provider = this.serverName()
    return {
      format: CONSUMER_CONTRACT_FORMAT,
      consumer: this.options.consumer,
      ...(provider !== undefined ? { provider } : {}),
      tools,
      prompts: [...this.prompts].map(([name, args]) => ({ name, arguments: [...args] })),
      resources: [...this.resources].map((uri) => ({ uri })),
    }
  }

  /** The server's name as the client saw it, asked when the contract is made (after connect). */
  private serverName(): string | undefined {
    const info = typeof this.client.getServerVersion === 'function' ? this.client.getServerVersion() : undefined
    const name = (info as { name?: unknown } | undefined)?.name
    return typeof name === 'string' && name.trim() !== '' ? name : undefined
  }

  private tool(name: string) {
    let tool = this.tools.get(name)
    if (tool === undefined) this.tools.set(name, (tool = { examples: new Map(), reads: [] }))
    return tool
  }

  /** The server's tools, listed once with a raw request (so a list the SDK would refuse is still read). */
  private listed() {
    return (this.listing ??= (async () => {
      const raw: Record<string, unknown>[] = []
      let cursor: string | undefined
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = (await this.client.request({ method: 'tools/list', ...(cursor ? { params: { cursor } } : {}) }, PASSTHROUGH)) as { tools?: unknown; nextCursor?: unknown }
        if (Array.isArray(result.tools)) raw.push(...(result.tools as Record<string, unknown>[]))
        cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined
        if (cursor === undefined) break
      }
      const surface = normalizeSurface({ initialize: {}, tools: raw })
      return {
        raw: new Map(raw.filter((tool) => typeof tool.name === 'string').map((tool) => [tool.name as string, tool])),
        tools: new Map((surface.tools ?? []).map((tool) => [tool.name, tool])),
      }
    })())
  }
}

/**
 * Wraps a connected MCP SDK `Client` so the consumer's code uses it exactly as before (same
 * methods, same results) while every tool call, prompt and resource read is recorded, and every
 * field read from a tool's `structuredContent` is noted. Hand the result to
 * `expect(client).toMatchConsumerContract(file)`.
 * @example const client = recordConsumer(connected, { consumer: 'checkout-agent', redact: ['auth.token'] })
 */
export function recordConsumer<C extends object>(client: C, options: RecordConsumerOptions): C {
  if (typeof options?.consumer !== 'string' || options.consumer.trim() === '') {
    throw new TypeError("recordConsumer needs the consumer's name: recordConsumer(client, { consumer: 'checkout-agent' }).")
  }
  const target = client as unknown as ClientLike & Record<PropertyKey, unknown>
  if (options.given !== undefined && (typeof options.given !== 'string' || options.given.trim() === '')) {
    throw new TypeError("recordConsumer's given names the server's state for these calls, as a non-empty string: recordConsumer(client, { consumer: 'checkout-agent', given: 'cart has 2 items' }).")
  }
  if (typeof target.callTool !== 'function' || typeof target.request !== 'function') {
    throw new TypeError('recordConsumer wraps a connected MCP SDK Client (1.x or 2.x): something with callTool() and request(); connect the client first, then wrap it.')
  }
  const recording = new ConsumerRecording(target, options)
  const wrapped: Record<string, unknown> = {
    callTool: async (params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]) => {
      recording.noteCall(params.name, params.arguments)
      return recording.observeResult(params.name, await target.callTool(params, ...rest))
    },
    getPrompt: (params: { name: string; arguments?: Record<string, unknown> }, ...rest: unknown[]) => {
      recording.notePrompt(params.name, params.arguments)
      return (target.getPrompt as (...args: unknown[]) => unknown)(params, ...rest)
    },
    readResource: (params: { uri: string }, ...rest: unknown[]) => {
      recording.noteResource(params.uri)
      return (target.readResource as (...args: unknown[]) => unknown)(params, ...rest)
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

/** The recording behind a client from `recordConsumer`; `undefined` for anything else. */
export function consumerRecordingOf(value: unknown): ConsumerRecording | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
  const recording = (value as Record<PropertyKey, unknown>)[RECORDING]
  return recording instanceof ConsumerRecording ? recording : undefined
}
