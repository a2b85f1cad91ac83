import type { Json } from '../surface/types.js'
import { normalizeSurface } from '../surface/normalize.js'
import { CONSUMER_CONTRACT_FORMAT, type ConsumerContract, type ConsumerExample, type ConsumerTool } from './consumer-contract.js'
import { redact, shapeOf } from './example-shape.js'

/** Options of a {@link WireRecording}. */
export interface WireRecordingOptions {
  /** The consumer's name, stored in its contract. */
  consumer: string
  /** The state the server is in for these calls, recorded on each example. */
  given?: string
  /** Argument paths whose values never reach the contract file. */
  redact?: string[]
  /** At most this many examples per tool, one per argument shape. Default 5. */
  maxExamples?: number
  /** Reads the consumer declares per tool: `{ get_weather: ['temperature'] }`. */
  reads?: Record<string, string[]>
  /** False where only the wire is seen (a proxy): no field is recorded as read. */
  observeReads: boolean
}

type Message = { id?: unknown; method?: unknown; params?: Record<string, unknown>; result?: Record<string, unknown> }

/**
 * A consumer recorded from its JSON-RPC messages: the tool calls with their arguments, prompts
 * got, resources read, the provider's name from `initialize` and the tools' hints from `tools/list`.
 * @example const recording = new WireRecording({ consumer: 'agent', observeReads: false }); recording.fromClient(message)
 */
export class WireRecording {
  private readonly tools = new Map<string, Map<string, ConsumerExample>>()
  private readonly prompts = new Map<string, Set<string>>()
  private readonly resources = new Set<string>()
  private readonly pending = new Map<string, string>()
  private readonly listed = new Map<string, Record<string, unknown>>()
  private provider: string | undefined

  constructor(private readonly options: WireRecordingOptions) {}

  /** True while no tool call, prompt or resource read has been seen. */
  get empty(): boolean {
    return this.tools.size === 0 && this.prompts.size === 0 && this.resources.size === 0
  }

  /** Notes one message the client sent (or a batch of them). */
  fromClient(message: unknown): void {
    for (const { id, method, params } of asMessages(message)) {
      if (typeof method !== 'string') continue
      if (id !== undefined) this.pending.set(JSON.stringify(id), method)
      if (method === 'tools/call' && typeof params?.name === 'string') this.noteCall(params.name, params.arguments)
      if (method === 'prompts/get' && typeof params?.name === 'string') {
        const names = this.prompts.get(params.name) ?? new Set<string>()
        for (const key of Object.keys((params.arguments as object | undefined) ?? {})) names.add(key)
        this.prompts.set(params.name, names)
      }
      if (method === 'resources/read' && typeof params?.uri === 'string') this.resources.add(params.uri)
    }
  }

  /** Notes one message the server sent (or a batch); returns it unchanged. */
  fromServer(message: unknown): unknown {
    for (const { id, method, result } of asMessages(message)) {
      if (method !== undefined || id === undefined || result === undefined) continue
      const key = JSON.stringify(id)
      const asked = this.pending.get(key)
      this.pending.delete(key)
      if (asked === 'initialize') {
        const name = (result.serverInfo as { name?: unknown } | undefined)?.name
        if (typeof name === 'string' && name.trim() !== '') this.provider = name
      }
      if (asked === 'tools/list' && Array.isArray(result.tools)) for (const tool of result.tools as Record<string, unknown>[]) if (typeof tool?.name === 'string') this.listed.set(tool.name, tool)
    }
    return message
  }

  /** The consumer contract of everything recorded so far. */
  async contract(): Promise<ConsumerContract> {
    const hints = new Map((normalizeSurface({ initialize: {}, tools: [...this.listed.values()] }).tools ?? []).map((tool) => [tool.name, tool.hints]))
    const tools: ConsumerTool[] = [...this.tools].map(([name, shapes]) => {
      const examples = [...shapes.values()]
      const reads = this.options.reads?.[name] ?? []
      const tool: ConsumerTool = this.options.given === undefined ? { name, examples, reads } : { name, examples: [], given: { [this.options.given]: examples }, reads }
      const seen = hints.get(name)
      return seen === undefined ? tool : { ...tool, hints: seen }
    })
    return {
      format: CONSUMER_CONTRACT_FORMAT,
      consumer: this.options.consumer,
      ...(this.provider !== undefined ? { provider: this.provider } : {}),
      tools,
      prompts: [...this.prompts].map(([name, args]) => ({ name, arguments: [...args] })),
      resources: [...this.resources].map((uri) => ({ uri })),
    }
  }

  private noteCall(name: string, args: unknown): void {
    const shapes = this.tools.get(name) ?? new Map<string, ConsumerExample>()
    this.tools.set(name, shapes)
    const example = redact((typeof args === 'object' && args !== null ? args : {}) as Json, this.options.redact ?? []) as ConsumerExample
    const shape = shapeOf(example)
    if (!shapes.has(shape) && shapes.size < (this.options.maxExamples ?? 5)) shapes.set(shape, example)
  }
}

function asMessages(message: unknown): Message[] {
  const list = Array.isArray(message) ? message : [message]
  return list.filter((item): item is Message => typeof item === 'object' && item !== null)
}
