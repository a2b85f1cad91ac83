/**
 * A value as a change message shows it: compact JSON, cut to a readable length.
 * @example shortJson(['a', 'b']) // '["a","b"]'
 * @example shortJson(undefined) // 'none'
 */
export function shortJson(value: unknown, max = 60): string {
  if (value === undefined) return 'none'
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * A list of values for a message, each compact.
 * @example listJson(['a', 1]) // 'a, 1'
 */
export function listJson(values: unknown): string {
  return Array.isArray(values) ? values.map((v) => shortJson(v, 30)).join(', ') : shortJson(values)
}

/**
 * The words for a keyword value that appeared, disappeared or changed.
 * @example editWords('pattern', undefined, '^a') // 'pattern ^a added'
 * @example editWords('format', 'email', 'uri') // 'format email → uri'
 */
export function editWords(subject: string, before: unknown, after: unknown): string {
  if (before === undefined) return `${subject} ${shortJson(after)} added`
  if (after === undefined) return `${subject} ${shortJson(before)} removed`
  return `${subject} ${shortJson(before)} → ${shortJson(after)}`
}
