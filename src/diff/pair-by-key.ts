/** The outcome of pairing two keyed lists. */
export interface Pairing<T> {
  removed: T[]
  added: T[]
  kept: [before: T, after: T][]
}

/**
 * Pairs recorded and live entities by their key (name, uri, uriTemplate).
 * @example pairByKey(oldTools, newTools, (tool) => tool.name)
 */
export function pairByKey<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): Pairing<T> {
  const live = new Map(after.map((item) => [key(item), item]))
  const pairing: Pairing<T> = { removed: [], added: [], kept: [] }
  for (const item of before) {
    const match = live.get(key(item))
    if (match === undefined) pairing.removed.push(item)
    else {
      pairing.kept.push([item, match])
      live.delete(key(item))
    }
  }
  pairing.added = [...live.values()]
  return pairing
}
