/**
 * `value` as JSON text would carry it between a server and a client: object keys whose value is
 * `undefined` left out, at any depth; everything else as it is (parts with no such key are the same
 * objects). Why: an in-process server hands its listing over as objects, and the SDK's `McpServer`
 * lists `title: undefined`, `annotations: undefined` and `_meta: undefined` for a tool that sets
 * none; over stdio or HTTP those keys do not exist. A contract must judge, normalize and vouch for
 * the listing as a client reads it, so both writers (the CLI over a wire, the matchers in-process)
 * record the same file for the same server.
 * @example asSentOverAWire({ name: 'search', title: undefined }) // { name: 'search' }
 */
export function asSentOverAWire<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index]
      const sent = asSentOverAWire(item)
      if (sent !== item) (copy ??= [...value])[index] = sent
    }
    return (copy ?? value) as T
  }
  // Why plain objects only: a class instance is not JSON, and normalization refuses it as it is.
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined) {
      copy ??= { ...(value as Record<string, unknown>) }
      delete copy[key]
      continue
    }
    const sent = asSentOverAWire(item)
    if (sent !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = sent
  }
  return (copy ?? value) as T
}
