/**
 * A long path shown by its start and its length: `inputSchema.properties.a.properties… (1,501 levels)`.
 * @example renderDeepPath(['inputSchema', 'properties']) // 'inputSchema.properties'
 */
export function renderDeepPath(path: string[]): string {
  const shown = path.slice(0, 6).join('.')
  return path.length > 6 ? `${shown}… (${path.length} levels)` : shown
}
