import { MockLanguageModelV3 } from 'ai/test'

/** A language model from `ai/test` that calls one tool, then answers; no network. */
export interface ScriptedModel {
  model: MockLanguageModelV3
  /** The tool results the model was handed, as the AI SDK serialised them into its prompt. */
  toolResultsSeen: string[]
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

/**
 * A model that asks for `toolName(input)` on its first turn and answers `reply` on the next,
 * keeping what the SDK told it about the tool's result.
 * @example const { model, toolResultsSeen } = scriptedModel('get_weather', { city: 'Melbourne' }, 'Sunny.')
 */
export function scriptedModel(toolName: string, input: Record<string, unknown>, reply: string): ScriptedModel {
  const toolResultsSeen: string[] = []
  let turn = 0
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      if (turn++ === 0) {
        return { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) }], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] }
      }
      for (const message of prompt) if (message.role === 'tool') toolResultsSeen.push(...message.content.map((part) => JSON.stringify(part)))
      return { content: [{ type: 'text', text: reply }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] }
    },
  })
  return { model, toolResultsSeen }
}
