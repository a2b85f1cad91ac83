import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

/** A small to-do server. Each call returns a fresh, unconnected server. */
export function createServer(): McpServer {
  const server = new McpServer({ name: 'todos', version: '1.0.0' }, { instructions: 'Keep to-dos short.' })

  server.registerTool(
    'add_todo',
    {
      title: 'Add a to-do',
      description: 'Add a to-do item and return its id.',
      inputSchema: {
        title: z.string().min(1).describe('What to do'),
        due: z.string().optional().describe('Due date, YYYY-MM-DD'),
        tags: z.array(z.string()).optional(),
      },
      outputSchema: { id: z.string() },
      annotations: { idempotentHint: false, openWorldHint: false },
    },
    async ({ title }) => ({ content: [{ type: 'text', text: `added ${title}` }], structuredContent: { id: '1' } }),
  )

  server.registerTool(
    'list_todos',
    {
      title: 'List to-dos',
      description: 'List to-do items, newest first.',
      inputSchema: { status: z.enum(['open', 'done']).optional() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => ({ content: [{ type: 'text', text: '[]' }] }),
  )

  server.registerPrompt(
    'plan_day',
    { description: 'Plan the day from the open to-dos.', argsSchema: { focus: z.string().optional() } },
    async () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Plan my day.' } }] }),
  )

  return server
}
