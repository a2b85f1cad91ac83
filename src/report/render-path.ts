import type { PathSegment } from '../diff/change.js'

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
