/**
 * How deeply one schema, or one listed item (a tool, prompt, resource or template) or the server's capabilities
 * may nest objects and arrays: 500 levels.
 * Why a limit: normalizing, comparing and printing walk schemas recursively, and a server that
 * nests `properties` a thousand levels deep would overflow the stack; real schemas stay far
 * below this. Contract files allow a little more (600) for their own wrapping.
 */
export const MAX_ITEM_DEPTH = 500

/**
 * The path to the first value nested deeper than `maxDepth` (the item itself is level 1), or
 * `undefined` when there is none. Walks with its own stack, so depth costs no call stack.
 * @example findTooDeepValue({ a: { b: {} } }, 2) // ['a', 'b']
 */
export function findTooDeepValue(value: unknown, maxDepth = MAX_ITEM_DEPTH): string[] | undefined {
  // Why parent links, not a path per entry: the walk stays linear in the size of the value.
  interface Entry {
    value: object
    depth: number
    key: string
    parent: Entry | undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const pending: Entry[] = [{ value, depth: 1, key: '', parent: undefined }]
  while (pending.length > 0) {
    const entry = pending.pop()!
    if (entry.depth > maxDepth) {
      const path: string[] = []
      for (let at: Entry | undefined = entry; at?.parent !== undefined; at = at.parent) path.unshift(at.key)
      return path
    }
    for (const [key, child] of Object.entries(entry.value)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: entry.depth + 1, key, parent: entry })
    }
  }
  return undefined
}

/**
 * Whether `value` nests objects and arrays more than `maxDepth` levels. Why recursive: the
 * recursion stops at `maxDepth`, so it cannot overflow, and allocates nothing on the common path.
 */
export function nestsDeeperThan(value: unknown, maxDepth = MAX_ITEM_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (maxDepth <= 0) return true
  // Why arrays by index and leaves skipped before the call: this walks every listed item and every
  // schema on the way to the report; \`for…in\` over an array makes a string of each index.
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null && nestsDeeperThan(item, maxDepth - 1)) return true
    return false
  }
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key]
    if (typeof child === 'object' && child !== null && Object.hasOwn(value, key) && nestsDeeperThan(child, maxDepth - 1)) return true
  }
  return false
}
