import { AIMessage } from '@langchain/core/messages'
import { ToolNode } from '@langchain/langgraph/prebuilt'
import { loadMcpTools } from '@langchain/mcp-adapters'

/**
 * The agent's weather step: the model asked for get_weather, LangGraph's ToolNode runs it (the
 * ToolMessage it makes is what the model reads next), and the card shows two of the forecast's fields.
 */
export async function weatherCard(client, city) {
  const tools = await loadMcpTools('weather', client)
  const call = new AIMessage({ content: '', tool_calls: [{ id: 'call-1', name: 'get_weather', args: { city } }] })
  const { messages } = await new ToolNode(tools).invoke({ messages: [call] })
  const forecast = messages[0].artifact.find((part) => part.type === 'mcp_structured_content').data
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}`
}
