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

/** A language model of the AI SDK's v2 specification, the one every Mastra major takes, as a plain object. */
export interface ScriptedModelV2 {
  specificationVersion: 'v2'
  provider: string
  modelId: string
  supportedUrls: Record<string, RegExp[]>
  doGenerate(options: { prompt: unknown[] }): Promise<unknown>
  doStream(options: { prompt: unknown[] }): Promise<never>
}

/**
 * A model for a Mastra Agent (the v2 specification, which @mastra/core 0.x and 1.x both run) that
 * asks for `toolName(input)` on its first turn and answers `reply` on the next, as
 * `scriptedModel` does for the AI SDK. Why it never reads the tool results in its prompt: Mastra
 * hands the model the very object the tool answered, and a model is a dependency; a read from
 * this test file would count as the consumer's.
 * @example const agent = new Agent({ name: 'weather-agent', instructions: '…', model: scriptedMastraModel('weather_get_weather', { city: 'Melbourne' }, 'Sunny.'), tools })
 */
export function scriptedMastraModel(toolName: string, input: Record<string, unknown>, reply: string): ScriptedModelV2 {
  let turn = 0
  const v2Usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }
  return {
    specificationVersion: 'v2',
    provider: 'scripted',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: async () =>
      turn++ === 0
        ? { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) }], finishReason: 'tool-calls', usage: v2Usage, warnings: [] }
        : { content: [{ type: 'text', text: reply }], finishReason: 'stop', usage: v2Usage, warnings: [] },
    // Why a refusal: the consumers call agent.generate(), which runs doGenerate on both Mastra majors.
    doStream: async () => {
      throw new Error('this scripted model answers generate() only')
    },
  }
}
