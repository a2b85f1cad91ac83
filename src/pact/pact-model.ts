import { ConsumerContractError } from '../consumer/consumer-contract.js'
import type { Json } from '../surface/types.js'

/** The content type the Pact MCP plugin routes to itself. */
export const MCP_CONTENT_TYPE = 'application/mcp+json'

/** The MCP operations a pact interaction can stand for (the plugin's closed list, v0). */
export const MCP_OPERATIONS = ['tools/call', 'tools/list', 'prompts/get', 'prompts/list', 'resources/read', 'resources/list'] as const

/** One of {@link MCP_OPERATIONS}. */
export type McpOperation = (typeof MCP_OPERATIONS)[number]

/** One Pact matcher (`{ match: 'type' }`, `{ match: 'regex', regex: '…' }`, …). */
export interface PactMatcher {
  match: string
  [key: string]: Json
}

/** Matching rules keyed by JSON path (`$.structuredContent.items[*].price`), rooted at the request or response. */
export type PactRules = Record<string, { combine?: string; matchers: PactMatcher[] }>

/**
 * One MCP interaction of a pact, read from either shape the plugin writes (the V4
 * request/response form, or the `contents.mcp` fragment), in one form.
 */
export interface McpInteraction {
  description: string
  key?: string
  operation: McpOperation
  /** The JSON-RPC params: `{ name, arguments }`, `{ uri }`, `{}`. */
  request: { [key: string]: Json }
  /** The expected JSON-RPC result, or `{ error: { code, message, data } }`. */
  response: { [key: string]: Json }
  requestRules: PactRules
  responseRules: PactRules
  /** Provider states the interaction needs, by name. */
  states: string[]
}

/** An interaction of a pact that is not an MCP one (HTTP, asynchronous messages, another plugin). */
export interface ForeignInteraction {
  description: string
  /** The interaction's `type` (`Synchronous/HTTP`), and its content type when that is what tells. */
  kind: string
}

/** A V4 pact read as MCP: the interactions that are ours, and the ones that are not. */
export interface McpPact {
  consumer: string
  provider: string
  interactions: McpInteraction[]
  foreign: ForeignInteraction[]
  /** What mcp-contract wrote under `metadata["mcp-contract"]`, when it wrote the pact. */
  extension?: PactExtension
}

/** The part of a pact only mcp-contract reads: what Pact has no place for. */
export interface PactExtension {
  /** The consumer contract format the pact was exported from. */
  format: number
  /** Per tool: the hints as the consumer saw them, the read paths, the output schema slice relied on, the digest of its texts. */
  tools: { name: string; hints?: { [key: string]: Json }; reads: string[]; output?: Json; textDigest?: string }[]
}

/**
 * A pact, a contract source or a contract store that cannot be used; the message says what to do.
 * Why a kind of ConsumerContractError: every place that reports a bad consumer contract reports it.
 */
export class PactError extends ConsumerContractError {
  override name = 'PactError'
}

/**
 * True when parsed JSON looks like a pact (a consumer, a provider and interactions) rather than a
 * consumer contract. Why by content: pacts are named `<consumer>-<provider>.json`, any name at all.
 * @example isPact({ consumer: { name: 'a' }, provider: { name: 'b' }, interactions: [] }) // true
 */
export function isPact(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  const record = data as Record<string, unknown>
  return Array.isArray(record.interactions) && typeof record.consumer === 'object' && record.consumer !== null
}
