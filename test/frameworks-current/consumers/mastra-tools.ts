import type { ToolsInput } from '@mastra/core/agent'
import type { MCPClient } from '@mastra/mcp'

/**
 * The server's tools as Mastra makes them on @mastra/mcp 2: `listTools()`, named `<server>_<tool>`.
 * @example recordTools(await mastraTools(mcp), { consumer: 'weather-agent', server: 'weather' })
 */
export function mastraTools(mcp: MCPClient): Promise<ToolsInput> {
  return mcp.listTools()
}
