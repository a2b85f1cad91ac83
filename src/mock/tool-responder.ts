import type { Json, SurfaceTool } from '../surface/types.js'
import { schemaValidator, type CheckValue } from '../contract/schema-validator.js'
import { createValueGenerator, deriveSeed, type GenerateValue } from './value-generator.js'

/**
 * A user's answer for one tool: gets the validated arguments, returns the structured result
 * itself, not a CallToolResult (checked against the recorded outputSchema, then sent as
 * `structuredContent` and as JSON text) or, for a tool without one, any JSON value or text.
 * @example (args) => ({ total: 1, items: [{ id: 'p1', price: 9.5 }] })
 */
export type ToolHandler = (args: Record<string, unknown>) => unknown

/** The result of a tools/call, as the SDK sends it. */
export interface ToolResult {
  [key: string]: unknown
  content: { type: 'text'; text: string }[]
  structuredContent?: { [key: string]: Json }
  isError?: true
}

/** The parts of a tool compiled once, on its first call. */
interface CompiledTool {
  checkInput: CheckValue | string
  checkOutput?: CheckValue | string
  generate?: GenerateValue
}

/** A generated answer kept for reuse: the value's JSON text, or why there is none. */
type PooledAnswer = { text: string } | { failure: string }

/**
 * How many generated values a tool answers from. Why a pool: json-schema-faker needs ~100 µs a
 * value, more than a whole call on an SDK server; each slot is generated (and checked) once, on
 * the first call that picks it, and the arguments pick the slot, so a call stays deterministic
 * for its seed, tool and arguments, and different arguments still see different values.
 */
const POOL_SIZE = 64

/**
 * Answers tools/call for one recorded tool: validates the arguments against the recorded
 * inputSchema, then returns the user's handler result or a generated value, either checked
 * against the recorded outputSchema. Every failure is an error result (`isError: true`), in the
 * words an SDK `McpServer` uses.
 */
export class ToolResponder {
  private compiled: Promise<CompiledTool> | undefined
  private readonly pool = new Map<number, PooledAnswer>()

  constructor(
    readonly tool: SurfaceTool,
    private readonly seed: number,
    private readonly handler?: ToolHandler,
  ) {}

  /** Answers one call; never throws for anything the caller or the handler did. */
  async respond(args: Record<string, unknown>): Promise<ToolResult> {
    const { name, outputSchema } = this.tool
    const tool = await (this.compiled ??= this.compile())
    if (typeof tool.checkInput === 'string') return toolError(`Cannot check the arguments of tool ${name}: its recorded inputSchema does not compile (${tool.checkInput}).`)
    const input = tool.checkInput(args)
    if (input !== true) return toolError(`MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${input}`)
    if (this.handler) return this.answerWithHandler(args, tool)
    if (outputSchema === undefined) return { content: [{ type: 'text', text: `Result of ${name} (mock; no output schema is recorded).` }] }
    if (typeof tool.checkOutput === 'string') return toolError(`Cannot answer tool ${name}: its recorded outputSchema does not compile (${tool.checkOutput}).`)
    const answer = this.pooled(deriveSeed(this.seed, name, args) % POOL_SIZE, tool.generate!)
    if ('failure' in answer) return toolError(answer.failure)
    // Why parsed per call: each caller gets its own object, so one that edits it cannot change the next answer.
    return { content: [{ type: 'text', text: answer.text }], structuredContent: JSON.parse(answer.text) as { [key: string]: Json } }
  }

  private pooled(slot: number, generate: GenerateValue): PooledAnswer {
    let answer = this.pool.get(slot)
    if (answer === undefined) {
      const { name } = this.tool
      const generated = generate(deriveSeed(this.seed, name, slot))
      if ('failure' in generated) answer = { failure: `Cannot generate a result for tool ${name} from its recorded outputSchema: ${generated.failure}.` }
      else if (!isJsonObject(generated.value)) answer = { failure: notAnObject(name, generated.value) }
      else answer = { text: JSON.stringify(generated.value) }
      this.pool.set(slot, answer)
    }
    return answer
  }

  private async answerWithHandler(args: Record<string, unknown>, tool: CompiledTool): Promise<ToolResult> {
    const { name, outputSchema } = this.tool
    let value: unknown
    try {
      value = await this.handler!(args)
    } catch (error) {
      // Why: an McpServer turns a throwing handler into an error result with its message.
      return toolError(error instanceof Error ? error.message : String(error))
    }
    if (outputSchema === undefined) return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) ?? '' }] }
    if (typeof tool.checkOutput === 'string') return toolError(`Cannot check the result of tool ${name}: its recorded outputSchema does not compile (${tool.checkOutput}).`)
    const output = tool.checkOutput!(value)
    if (output !== true) return toolError(`MCP error -32602: Output validation error: Invalid structured content for tool ${name}: ${output}`)
    return structured(name, value as Json)
  }

  private async compile(): Promise<CompiledTool> {
    const validator = await schemaValidator()
    const input = validator.compile(this.tool.inputSchema)
    const tool: CompiledTool = { checkInput: 'check' in input ? input.check : input.failure }
    if (this.tool.outputSchema === undefined) return tool
    const output = validator.compile(this.tool.outputSchema)
    if ('failure' in output) return { ...tool, checkOutput: output.failure }
    tool.checkOutput = output.check
    if (!this.handler) tool.generate = await createValueGenerator(this.tool.outputSchema, output.check)
    return tool
  }
}

/** A structured result with the same JSON in a text block, as SDK servers send it. */
function structured(name: string, value: Json): ToolResult {
  if (!isJsonObject(value)) return toolError(notAnObject(name, value))
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value }
}

function isJsonObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function notAnObject(name: string, value: Json): string {
  return `Cannot answer tool ${name}: its recorded outputSchema allows ${JSON.stringify(value)}, but structuredContent must be a JSON object.`
}

/**
 * An error result, the shape an SDK `McpServer` returns for a failed call.
 * @example toolError('MCP error -32602: Tool nope not found')
 */
export function toolError(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true }
}
