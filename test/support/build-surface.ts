import type { Schema, Surface, SurfacePrompt, SurfaceTool, ToolHints } from '../../src/surface/types.js'

/** A tool with the spec defaults, overridable field by field. */
export function tool(name: string, { hints, ...fields }: Partial<Omit<SurfaceTool, 'hints'>> & { hints?: Partial<ToolHints> } = {}): SurfaceTool {
  return {
    name,
    inputSchema: { type: 'object' },
    taskSupport: 'forbidden',
    ...fields,
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, ...hints },
  }
}

/** An input schema with the given properties; `required` lists the required ones. */
export function objectSchema(properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } as Schema
}

/** A prompt with arguments given as `name` (optional) or `name!` (required). */
export function prompt(name: string, args: string[] = [], fields: Partial<SurfacePrompt> = {}): SurfacePrompt {
  return {
    name,
    arguments: args.map((arg) => (arg.endsWith('!') ? { name: arg.slice(0, -1), required: true } : { name: arg, required: false })),
    ...fields,
  }
}

/** A surface with a named server and the given lists. */
export function surface(parts: Partial<Surface> = {}): Surface {
  return { server: { name: 'demo', capabilities: { tools: {} } }, notRecorded: [], ...parts }
}
