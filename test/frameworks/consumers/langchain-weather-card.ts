import { AIMessage, type ToolMessage } from '@langchain/core/messages'
import { ToolNode } from '@langchain/langgraph/prebuilt'
import { loadMcpTools } from '@langchain/mcp-adapters'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on LangChain: the server's tools are loaded with `loadMcpTools`, and the model's
 * tool call runs through LangGraph's `ToolNode` as an agent runs it, which turns the output into
 * the ToolMessage the model reads next; the card shows the forecast from the message's artifact
 * (two of its three fields).
 * @example await weatherCard(connectedClient, 'Melbourne')
 */
export async function weatherCard(client: Client, city: string): Promise<{ card: string; forModel: ToolMessage }> {
  const tools = await loadMcpTools('weather', client)
  const call = new AIMessage({ content: '', tool_calls: [{ id: 'call-1', name: 'get_weather', args: { city } }] })
  const { messages } = (await new ToolNode(tools).invoke({ messages: [call] })) as { messages: ToolMessage[] }
  const [message] = messages
  const artifact = (message.artifact as { type: string; data: unknown }[]).find((part) => part.type === 'mcp_structured_content')
  const forecast = artifact?.data as Forecast
  return { card: `${city}: ${forecast.temperature} °C, ${forecast.conditions}`, forModel: message }
}
