import type { ToolsInput } from '@mastra/core/agent'
import type { MCPClient } from '@mastra/mcp'

/**
 * The server's tools as Mastra makes them on @mastra/mcp 0.x: `getTools()`, named
 * `<server>_<tool>` (test/frameworks-current holds the 2.x namesake, `listTools()`).
 * @example recordTools(await mastraTools(mcp), { consumer: 'weather-agent', server: 'weather' })
 */
export function mastraTools(mcp: MCPClient): Promise<ToolsInput> {
  return mcp.getTools()
}
