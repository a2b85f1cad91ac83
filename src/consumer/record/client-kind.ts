/** The kinds of MCP client `recordConsumer` tells apart, each with its own way to be recorded. */
export type ClientKind = 'sdk-client' | 'ai-sdk' | 'langchain-multi-server' | 'mastra' | 'unknown'

/**
 * Members only the MCP SDK's `Client` has (1.x `@modelcontextprotocol/sdk` and 2.x
 * `@modelcontextprotocol/client` alike): its requests, and the handler registry and capability
 * checks of the SDK's `Protocol` base class, which the frameworks' own clients do not have.
 */
const SDK_CLIENT_METHODS = ['callTool', 'request', 'connect', 'getServerVersion', 'getServerCapabilities', 'setRequestHandler', 'setNotificationHandler', 'assertCapabilityForMethod'] as const

/**
 * What kind of MCP client a value is, from the methods it has.
 * Why by shape, not `instanceof`: a consumer's SDK may be another copy (or major) than ours.
 * @example clientKindOf(await createMCPClient({ transport })) // 'ai-sdk'
 */
export function clientKindOf(value: unknown): ClientKind {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return 'unknown'
  const has = (name: string) => typeof (value as Record<string, unknown>)[name] === 'function'
  if (SDK_CLIENT_METHODS.every(has)) return 'sdk-client'
  // Why these: `createMCPClient` (@ai-sdk/mcp) turns listed tools into AI SDK tools with tools().
  if (has('tools') && has('callTool')) return 'ai-sdk'
  if (has('getClient') && has('getTools') && has('initializeConnections')) return 'langchain-multi-server'
  // Why both pairs: @mastra/mcp 2 renamed getTools/getToolsets to listTools/listToolsets.
  if (((has('getTools') && has('getToolsets')) || (has('listTools') && has('listToolsets'))) && has('disconnect')) return 'mastra'
  return 'unknown'
}
