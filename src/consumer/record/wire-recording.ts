import { schemaValidator } from '../../contract/schema-validator.js'
import { renderPath } from '../../surface/render-path.js'
import type { PathSegment } from '../../schema/types.js'
import type { Json, Schema } from '../../surface/types.js'
import type { ConsumerContract, ConsumerExample, ConsumerTool } from '../consumer-contract.js'
import { consumerContractFormatOf } from '../consumer-contract-format.js'
import { redact, shapeOf } from '../example-shape.js'
import { schemaDeclaresPath } from '../schema-declares-path.js'
import { sliceSchema } from '../slice-schema.js'
import { leafPaths, parseReadPath, trackReads, valuePaths } from '../track-reads.js'

/** Options of a `WireRecording`: who the consumer is and what it declares. */
export interface WireRecordingOptions {
  /** The consumer's name, stored in its contract (`checkout-agent`). */
  consumer: string
  /**
   * The state the server is in for these calls (`'cart has 2 items'`), recorded on each example;
   * a provider's `verify --call` sets it up with its handler for that state before calling.
   */
  given?: string
  /** Argument paths whose values never reach the contract file: `password`, `auth.token`, `items[].secret`. */
  redact?: string[]
  /** At most this many examples per tool, one per argument shape. Default 5. */
  maxExamples?: number
  /** Declared reads per tool, as hand-written contracts do: `{ get_weather: ['temperature', 'conditions'] }`. */
  reads?: Record<string, string[]>
  /** False where only the wire is seen (the proxy): the contract then says reads were not observed. */
  observeReads: boolean
  /**
   * False where nothing asks for {@link WireRecording.violations} (the proxy): tool outputs are
   * then not kept, and a call's answer is not needed once the provider's name is known. Default true.
   */
  keepOutputs?: boolean
}

/** A structuredContent that broke the tool's advertised output schema, seen while recording. */
export interface OutputViolation {
  tool: string
  /** Ajv's errors in words, one per line. */
  errors: string
}

/** A JSON-RPC message as the recorder looks at it; anything else passes untouched. */
type Message = Record<string, unknown>

/** What the consumer did with one tool. */
interface ToolUse {
  examples: Map<string, ConsumerExample>
  reads: PathSegment[][]
  /** Fields of outputs a dependency serialised whole (for the model). */
  seen: PathSegment[][]
  /** True once a dependency read an output's top-level fields (the SDK's `Client` copies each `structuredContent` with zod). */
  copiedByDependency: boolean
}

/** Where a recorded client or transport keeps its recording (see `consumerRecordingOf`). */
export const RECORDING = Symbol.for('mcp-contract.consumer-recording')

/** The key of the server's identity in a 2026-07-28 result's `_meta`. */
const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo'

/** At most this many tool outputs are kept per tool to check against the advertised output schema. */
const OUTPUTS_CHECKED = 50

/**
 * The one consumer recorder: it watches the JSON-RPC messages between a client and a server and
 * turns them into a consumer contract. Requests and responses are paired by id; a `tools/call`,
 * `prompts/get` or `resources/read` is recorded when the client sends it (so a call the server
 * refuses, or one the client cancels, is recorded too). Tools' hints and output schemas come
 * from the `tools/list` results the client itself asked for; the provider's name from the
 * `initialize` result's `serverInfo`, or from the 2026-07-28 `_meta` server-info block.
 * Every way of recording (`recordConsumer`, `recordTransport`, the `record` proxy) feeds one.
 * @example const wire = new WireRecording({ consumer: 'checkout-agent', observeReads: false }); wire.fromClient(request); forward(wire.fromServer(response))
 */
export class WireRecording {
  private readonly pending = new Map<string, { method: string; params: Message }>()
  private readonly tools = new Map<string, ToolUse>()
  private readonly prompts = new Map<string, Set<string>>()
  private readonly resources = new Set<string>()
  private readonly listed = new Map<string, Message>()
  private readonly hintsUnseen = new Set<string>()
  private readonly outputs: { tool: string; content: unknown }[] = []
  private readonly outputsPerTool = new Map<string, number>()
  private provider: string | undefined

  constructor(private readonly options: WireRecordingOptions) {}

  /** True while no tools/call, prompts/get or resources/read has been seen. */
  get empty(): boolean {
    return this.tools.size === 0 && this.prompts.size === 0 && this.resources.size === 0
  }

  /**
   * False while no answer the server could send would change the recording: the requests sent
   * so far are answered, or their answers are not used. A proxy then need not read what the server sends.
   */
  get awaitsAnswers(): boolean {
    return this.pending.size > 0
  }

  /** A JSON-RPC message (or batch array) the client sent toward the server. Never throws, never alters it. */
  fromClient(message: unknown): void {
    for (const one of Array.isArray(message) ? message : [message]) {
      try {
        this.noteClientMessage(one)
      } catch {
        // Why: a recorder must never break the traffic it watches; a message it cannot read is skipped.
      }
    }
  }

  /**
   * A JSON-RPC message (or batch) the server sent toward the client; returns what to hand the
   * client: the same message, or (when reads are observed) one whose tools/call
   * `structuredContent` tracks what the consumer's code reads.
   */
  fromServer(message: unknown): unknown {
    if (!Array.isArray(message)) return this.serverMessage(message)
    const handed = message.map((one) => this.serverMessage(one))
    return handed.every((one, index) => one === message[index]) ? message : handed
  }

  /**
   * Says the hints of `tool` were not seen: its listing was rebuilt from a framework's tools,
   * which keep no annotations. The contract then holds no hints for it, and verify takes the live ones.
   */
  hintsNotSeen(tool: string): void {
    this.hintsUnseen.add(tool)
  }

  /** The consumer contract of everything seen so far. */
  async contract(): Promise<ConsumerContract> {
    const raw = [...this.listed.values()]
    // Why loaded here: the schema engine behind it is most of what a recording loads, and only a client that listed tools needs it.
    const surface = raw.length > 0 ? (await import('../../surface/normalize.js')).normalizeSurface({ initialize: {}, tools: raw }) : undefined
    // Why loaded here too: it loads node:crypto, which a record process that saw no listing never needs.
    const { toolTextDigest } = raw.length > 0 ? await import('../tool-texts.js') : { toolTextDigest: undefined }
    const live = new Map((surface?.tools ?? []).map((tool) => [tool.name, tool]))
    const declared = this.options.reads ?? {}
    const names = new Set([...this.tools.keys()])
    // Why: outputs a dependency copied field by field, which the consumer's code then never read
    // through, were read from the copy, where no read can be seen; "reads nothing" would be a guess.
    const unseen = new Set([...names].filter((name) => this.readsUnseen(name)))
    const readsObserved = this.options.observeReads && unseen.size === 0
    const tools: ConsumerTool[] = [...names].map((name) => {
      const used = this.tools.get(name)!
      const reads = leafPaths([...used.reads, ...(declared[name] ?? []).map(parseReadPath)]).filter((path) => path.length > 0)
      const rendered = reads.map(renderPath).sort()
      const listed = live.get(name)
      // Why only declared fields: a value the listed schema never promised was never the server's to keep.
      const seen = leafPaths(used.seen)
        .filter((path) => path.length > 0 && (listed?.outputSchema === undefined || schemaDeclaresPath(listed.outputSchema, path)))
        .map(renderPath)
        .filter((path) => !rendered.includes(path))
        .sort()
      const examples = [...used.examples.values()]
      const given = this.options.given
      const tool: ConsumerTool = given === undefined ? { name, examples, reads: rendered } : { name, examples: [], given: { [given]: examples }, reads: rendered }
      if (seen.length > 0 || used.seen.length > 0) tool.seen = seen
      // Why the texts with the hints: a listing rebuilt from a framework's tools holds neither as the server sent them.
      if (listed !== undefined && !this.hintsUnseen.has(name)) Object.assign(tool, { hints: listed.hints, ...(toolTextDigest ? { textDigest: toolTextDigest(listed) } : {}) })
      // Why with no reads when reads were not observed: the slice then says only that there is an output, which verify holds the server to.
      if (listed?.outputSchema !== undefined && (reads.length > 0 || !this.options.observeReads || unseen.has(name))) tool.output = sliceSchema(listed.outputSchema, reads)
      return tool
    })
    const contract: ConsumerContract = {
      format: 1,
      consumer: this.options.consumer,
      ...(this.provider !== undefined ? { provider: this.provider } : {}),
      ...(readsObserved ? {} : { readsObserved: false as const }),
      tools,
      prompts: [...this.prompts].map(([name, args]) => ({ name, arguments: [...args] })),
      resources: [...this.resources].map((uri) => ({ uri })),
    }
    return { ...contract, format: consumerContractFormatOf(contract) }
  }

  /** The tool outputs seen so far that break the output schema their tool advertised in a listing the client asked for. */
  async violations(): Promise<OutputViolation[]> {
    if (this.outputs.length === 0) return []
    const validator = await schemaValidator()
    const found: OutputViolation[] = []
    for (const { tool, content } of this.outputs) {
      const advertised = this.listed.get(tool)?.outputSchema as Schema | undefined
      if (advertised === undefined) continue
      const compiled = validator.compile(advertised)
      const verdict = 'check' in compiled ? compiled.check(content) : `the advertised output schema does not compile: ${compiled.failure}`
      if (verdict !== true) found.push({ tool, errors: verdict })
    }
    return found
  }

  private noteClientMessage(message: unknown): void {
    if (!isRecord(message) || typeof message.method !== 'string') return
    const params = isRecord(message.params) ? message.params : {}
    if (message.method === 'notifications/cancelled') {
      this.pending.delete(idKey(params.requestId))
      return
    }
    if (!isId(message.id)) return
    if (this.readsAnswerTo(message.method)) this.pending.set(idKey(message.id), { method: message.method, params })
    if (message.method === 'tools/call' && typeof params.name === 'string') this.noteCall(params.name, isRecord(params.arguments) ? params.arguments : undefined)
    if (message.method === 'prompts/get' && typeof params.name === 'string') this.notePrompt(params.name, isRecord(params.arguments) ? params.arguments : undefined)
    if (message.method === 'resources/read' && typeof params.uri === 'string') this.resources.add(params.uri)
  }

  private serverMessage(message: unknown): unknown {
    try {
      if (!isRecord(message) || message.method !== undefined || !isId(message.id)) return message
      const request = this.pending.get(idKey(message.id))
      if (request === undefined) return message
      this.pending.delete(idKey(message.id))
      if (!isRecord(message.result)) return message
      const result = message.result
      this.noteServerName(request.method, result)
      if (request.method === 'tools/list' && Array.isArray(result.tools)) {
        for (const tool of result.tools) if (isRecord(tool) && typeof tool.name === 'string') this.listed.set(tool.name, tool)
      }
      if (request.method !== 'tools/call' || typeof request.params.name !== 'string') return message
      const content = result.structuredContent
      if (typeof content !== 'object' || content === null) return message
      const name = request.params.name
      const kept = this.outputsPerTool.get(name) ?? 0
      if (this.options.keepOutputs !== false && kept < OUTPUTS_CHECKED) {
        this.outputs.push({ tool: name, content })
        this.outputsPerTool.set(name, kept + 1)
      }
      if (!this.options.observeReads) return message
      const use = this.tool(name)
      const tracked = trackReads(content, {
        read: (path) => use.reads.push(path),
        seenWhole: (path, value) => use.seen.push(...valuePaths(value, path)),
        readByDependency: (path) => {
          if (path.length === 1) use.copiedByDependency = true
        },
      })
      return { ...message, result: { ...result, structuredContent: tracked } }
    } catch {
      return message
    }
  }

  /**
   * True when the consumer's reads of `tool`'s outputs could not all be seen: a dependency read
   * their top-level fields, the consumer's code never did (it read a copy: the SDK's `Client`
   * copies the top level and shares what lies below, so only deeper reads come through), no
   * framework serialised them whole, and no reads were declared for it.
   */
  private readsUnseen(tool: string): boolean {
    const use = this.tools.get(tool)
    if (use === undefined || !use.copiedByDependency || use.seen.length > 0 || (this.options.reads?.[tool] ?? []).length > 0) return false
    return !use.reads.some((path) => path.length === 1)
  }

  /** True when the answer to a `method` request can change the recording. */
  private readsAnswerTo(method: string): boolean {
    if (method === 'initialize' || method === 'tools/list') return true
    // Why any request while the provider is unknown: from 2026-07-28 every result may name the server in its `_meta`.
    if (this.provider === undefined) return true
    return method === 'tools/call' && (this.options.observeReads || this.options.keepOutputs !== false)
  }

  private noteServerName(method: string, result: Message): void {
    const meta = isRecord(result._meta) ? result._meta[SERVER_INFO_META_KEY] : undefined
    const info = method === 'initialize' && isRecord(result.serverInfo) ? result.serverInfo : meta
    const name = isRecord(info) ? info.name : undefined
    if (typeof name === 'string' && name.trim() !== '') this.provider = name
  }

  private noteCall(name: string, args: Message | undefined): void {
    const tool = this.tool(name)
    const example = redact((args ?? {}) as Json, this.options.redact ?? []) as ConsumerExample
    const shape = shapeOf(example)
    if (!tool.examples.has(shape) && tool.examples.size < (this.options.maxExamples ?? 5)) tool.examples.set(shape, example)
  }

  private notePrompt(name: string, args: Message | undefined): void {
    const names = this.prompts.get(name) ?? new Set<string>()
    for (const key of Object.keys(args ?? {})) names.add(key)
    this.prompts.set(name, names)
  }

  private tool(name: string): ToolUse {
    let tool = this.tools.get(name)
    if (tool === undefined) this.tools.set(name, (tool = { examples: new Map(), reads: [], seen: [], copiedByDependency: false }))
    return tool
  }
}

function isRecord(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isId(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number'
}

/** Why typed: JSON-RPC ids `1` and `"1"` are different requests. */
function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`
}
