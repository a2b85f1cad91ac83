/**
 * The path a volatile value is named by, as users write it in a contract file, the configuration
 * or a matcher's policy: `tools.search.inputSchema.properties.since.default`,
 * `resources["file:///sessions/{uuid}.json"].uri`, `server.instructions`. A segment that is not a
 * plain name is written as a JSON string in brackets; `*` stands for any name.
 */

const BARE = /^[A-Za-z_$][\w$-]*$/

/**
 * Renders path segments the one way a volatile path is written.
 * @example renderVolatilePath(['resources', 'file:///a.json', 'uri']) // 'resources["file:///a.json"].uri'
 */
export function renderVolatilePath(segments: readonly string[]): string {
  let out = ''
  for (const segment of segments) {
    if (BARE.test(segment) || segment === '*') out += out === '' ? segment : `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
}

/**
 * Parses a volatile path into its segments; a string that is not one gives what is wrong with it.
 * @example parseVolatilePath('tools.search.description') // { segments: ['tools', 'search', 'description'] }
 */
export function parseVolatilePath(path: string): { segments: string[] } | { problem: string } {
  const segments: string[] = []
  let at = 0
  while (at < path.length) {
    if (path[at] === '[') {
      const end = closingBracket(path, at)
      if (end === undefined) return { problem: `the bracket at character ${at + 1} holds no JSON string followed by "]"` }
      segments.push(JSON.parse(path.slice(at + 1, end)) as string)
      at = end + 1
    } else {
      if (segments.length > 0) {
        if (path[at] !== '.') return { problem: `expected "." or "[" at character ${at + 1}` }
        at += 1
      }
      const match = /^(?:\*|[A-Za-z_$][\w$-]*)/.exec(path.slice(at))
      if (match === null) return { problem: `expected a name at character ${at + 1} (write any other name as ["…"])` }
      segments.push(match[0])
      at += match[0].length
    }
  }
  if (segments.length < 2) return { problem: 'it names no value: start with server, tools, prompts, resources or resourceTemplates, then the entry and its field' }
  if (!['server', 'tools', 'prompts', 'resources', 'resourceTemplates'].includes(segments[0])) return { problem: `it starts with ${JSON.stringify(segments[0])}, not server, tools, prompts, resources or resourceTemplates` }
  return { segments }
}

/** Where the JSON string starting at `open` (a `[`) ends with `]`; undefined when it does not. */
function closingBracket(path: string, open: number): number | undefined {
  if (path[open + 1] !== '"') return undefined
  for (let at = open + 2; at < path.length; at += 1) {
    if (path[at] === '\\') at += 1
    else if (path[at] === '"') return path[at + 1] === ']' ? at + 1 : undefined
  }
  return undefined
}
