import { MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'

/** The JSON Schema keyword with which a 2026-07-28 tool asks HTTP clients to mirror an argument into a header. */
export const HEADER_KEYWORD = 'x-mcp-header'

/**
 * Takes the `x-mcp-header` declarations out of a tool's input schema: returns the schema without
 * them and the argument path (`region`, `filter.city`) → header name of each. Only a chain of
 * `properties` is searched — the only place the spec admits the keyword. The schema is not
 * modified; a copy is made only where something was taken out.
 * Why apart from the schema: a header is a transport promise about one argument, and comparing
 * it as a schema annotation would call a client-dropping change cosmetic.
 * @example splitArgumentHeaders({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } })
 * // { schema: { type: 'object', properties: { region: { type: 'string' } } }, headers: { region: 'Region' } }
 */
export function splitArgumentHeaders(schema: unknown): { schema: unknown; headers: { [argument: string]: string } } {
  const headers: { [argument: string]: string } = {}
  return { schema: strip(schema, undefined, 0, headers), headers }
}

/** An argument path as a chain to its parent. Why: copying the path at each level costs the square of the depth. */
interface ArgumentPath {
  name: string
  parent: ArgumentPath | undefined
}

function joined(path: ArgumentPath): string {
  const names: string[] = []
  for (let at: ArgumentPath | undefined = path; at !== undefined; at = at.parent) names.unshift(at.name)
  return names.join('.')
}

function strip(schema: unknown, path: ArgumentPath | undefined, depth: number, headers: { [argument: string]: string }): unknown {
  // Why a bound: a server may nest properties tens of thousands deep; past the depth a schema
  // is recorded at all (it is listed as not recorded), there is nothing to take out.
  if (!isRecord(schema) || depth > MAX_ITEM_DEPTH) return schema
  let out = schema
  if (path !== undefined && HEADER_KEYWORD in schema) {
    const { [HEADER_KEYWORD]: header, ...rest } = schema
    if (typeof header === 'string') headers[joined(path)] = header
    out = rest
  }
  if (isRecord(out.properties)) {
    let properties: Record<string, unknown> | undefined
    for (const [name, property] of Object.entries(out.properties)) {
      const stripped = strip(property, { name, parent: path }, depth + 1, headers)
      if (stripped !== property) (properties ??= { ...(out.properties as Record<string, unknown>) })[name] = stripped
    }
    if (properties !== undefined) out = { ...out, properties }
  }
  return out
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
