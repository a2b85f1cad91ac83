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
  return { schema: strip(schema, [], headers), headers }
}

function strip(schema: unknown, path: string[], headers: { [argument: string]: string }): unknown {
  if (!isRecord(schema)) return schema
  let out = schema
  if (path.length > 0 && HEADER_KEYWORD in schema) {
    const { [HEADER_KEYWORD]: header, ...rest } = schema
    if (typeof header === 'string') headers[path.join('.')] = header
    out = rest
  }
  const given = out.properties
  if (isRecord(given)) {
    let properties: Record<string, unknown> | undefined
    // Why one path array, pushed and popped, and no entries arrays: this runs on every tool of
    // every capture, on the path between the server's answer and the report; copies of the path
    // were most of its cost, and the path is read only where a header is found.
    for (const name of Object.keys(given)) {
      const property = given[name]
      path.push(name)
      const stripped = strip(property, path, headers)
      path.pop()
      if (stripped !== property) (properties ??= { ...given })[name] = stripped
    }
    if (properties !== undefined) out = { ...out, properties }
  }
  return out
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
