/**
 * True when a name matches one of the patterns, where `*` stands for any run of characters.
 * @example matchesAny('fetch_page', ['search', 'fetch_*']) // true
 */
export function matchesAny(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => globToRegExp(pattern).test(name))
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('.*')}$`, 'u')
}
