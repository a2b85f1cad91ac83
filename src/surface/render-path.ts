import type { PathSegment } from '../schema/types.js'

/**
 * Renders a structured path the one way users see it.
 * @example renderPath(['filters', 'city']) // 'filters.city'
 * @example renderPath(['tags', '[]', 'name']) // 'tags[].name'
 */
export function renderPath(path: readonly PathSegment[]): string {
  let out = ''
  for (const segment of path) {
    if (segment === '[]' || segment.startsWith('[')) out += segment
    else out += out === '' ? segment : `.${segment}`
  }
  return out
}

/**
 * Renders a place on one side of a tool, marking the output side so it is never read as an argument.
 * @example renderSidePath('output', ['items', '[]', 'id']) // '(output) items[].id'
 */
export function renderSidePath(direction: 'input' | 'output', path: readonly PathSegment[]): string {
  const where = renderPath(path)
  return direction === 'output' ? `(output)${where ? ` ${where}` : ''}` : where
}
