import { MCPClient } from '@mastra/mcp'
const SERVER = new URL('../fixtures/servers/forecast.js', import.meta.url).pathname
const mcp = new MCPClient({ id: 'probe', servers: { weather: { command: process.execPath, args: [SERVER] } } })
const tools = await (mcp.getTools ? mcp.getTools() : mcp.listTools())
for (const [k, t] of Object.entries(tools)) {
  console.log(k, Object.keys(t), 'mcp' in t, JSON.stringify(t.mcp), JSON.stringify(t.mcpMetadata))
  for (const s of ['inputSchema', 'outputSchema']) {
    const v = t[s]; if (!v) { console.log(s, 'none'); continue }
    console.log(s, v.constructor?.name, Object.keys(v), Object.keys(v['~standard'] ?? {}))
    const js = v['~standard']?.jsonSchema
    if (js) for (const dir of ['input','output']) try { console.log(dir, JSON.stringify(js[dir]({ target: 'draft-2020-12' }))) } catch (e) { console.log('fail', e.message) }
    if (v.jsonSchema) console.log('jsonSchema prop', JSON.stringify(v.jsonSchema))
  }
}
await mcp.disconnect()
