import { basename } from 'node:path'

/**
 * The names that share the longest start with `name`, ignoring case (a typo keeps the start more
 * often than the end); none when no name shares even its first letter.
 * @example closestNames('failon', ['failOn', 'strict']) // ['failOn']
 */
export function closestNames(name: string, names: readonly string[]): string[] {
  const lower = name.toLowerCase()
  const shared = (other: string) => {
    const candidate = other.toLowerCase()
    let length = 0
    while (length < lower.length && lower[length] === candidate[length]) length++
    return length
  }
  const best = Math.max(0, ...names.map(shared))
  return best === 0 ? [] : names.filter((other) => shared(other) === best).slice(0, 3)
}

/**
 * ` Did you mean "failOn"?` for a misspelt name, or nothing when no name is close (by `find`, `closestNames` unless given).
 * @example `Unknown option "failon".${didYouMean('failon', OPTIONS)}`
 */
export function didYouMean(name: string, names: readonly string[], find: (name: string, names: readonly string[]) => string[] = closestNames): string {
  const close = find(name, names)
  return close.length === 0 ? '' : ` Did you mean ${close.map((other) => JSON.stringify(other)).join(' or ')}?`
}

/**
 * ` Did you mean "checkout-agent.mcp-consumer.json"?` when the name of `file` (about to be written)
 * is one slip of the keyboard from a JSON file beside it (`beside`: the names in its folder), else ''.
 * Why one function: the matchers and `record` refuse the same typos before writing a new file.
 * @example closeFileBeside('/p/mcp-contrat.json', ['mcp-contract.json']) // ' Did you mean "mcp-contract.json"?'
 */
export function closeFileBeside(file: string, beside: readonly string[]): string {
  return didYouMean(basename(file), beside.filter((name) => name.endsWith('.json')), typosOf)
}

/**
 * The names one slip of the keyboard away from `name`: the same but for case, one character left
 * out or typed extra, or two neighbours swapped. Why stricter than `closestNames`: it decides
 * whether a new file is a typo, where a name that only starts alike is usually another file
 * (`catalog-v2.json` beside `catalog.json`), and a changed character often is too (`server-b.json`).
 * @example typosOf('mcp-contrat.json', ['mcp-contract.json', 'other.json']) // ['mcp-contract.json']
 */
export function typosOf(name: string, names: readonly string[]): string[] {
  const lower = name.toLowerCase()
  return names.filter((other) => other !== name && oneSlipApart(lower, other.toLowerCase()))
}

function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let start = 0
  while (start < a.length && a[start] === b[start]) start++
  if (a.length !== b.length) {
    const [short, long] = a.length < b.length ? [a, b] : [b, a]
    return short.slice(start) === long.slice(start + 1)
  }
  return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2)
}
