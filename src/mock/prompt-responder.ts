import { ErrorCode, McpError, type GetPromptResult } from '@modelcontextprotocol/sdk/types.js'
import type { SurfacePrompt } from '../surface/types.js'

/**
 * A user's answer for one prompt: gets the arguments (required ones present), returns the
 * prompts/get result.
 * @example (args) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Review ${args.file}` } }] })
 */
export type PromptHandler = (args: Record<string, string>) => GetPromptResult | Promise<GetPromptResult>

/**
 * Answers prompts/get for the recorded prompts: a missing required argument or an unknown
 * prompt is the error an SDK `McpServer` gives; otherwise the user's handler answers, or a
 * placeholder message naming the prompt and its arguments.
 * @example await answerPrompt(prompts, handlers, 'review', { file: 'a.ts' })
 */
export async function answerPrompt(
  prompts: ReadonlyMap<string, SurfacePrompt>,
  handlers: Readonly<Record<string, PromptHandler>>,
  name: string,
  args: Record<string, string>,
): Promise<GetPromptResult> {
  const prompt = prompts.get(name)
  if (prompt === undefined) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} not found`)
  const missing = prompt.arguments.filter((argument) => argument.required && typeof args[argument.name] !== 'string')
  if (missing.length > 0) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${missing.map((argument) => `is required at ${argument.name}`).join('\n')}`)
  }
  const handler = handlers[name]
  if (handler) return handler(args)
  return {
    ...(prompt.description === undefined ? {} : { description: prompt.description }),
    messages: [{ role: 'user', content: { type: 'text', text: `Prompt ${name} (mock) with arguments ${JSON.stringify(args)}` } }],
  }
}
