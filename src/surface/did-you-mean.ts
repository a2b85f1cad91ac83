import { basename } from 'node:path'

/** How near a name must be to be suggested: see {@link nearNames}. */
export interface Nearness {
  /** The most edits apart a suggestion may be. Default 2. */
  within?: number
  /** What changing one character costs: 1, or 2 where a changed character more likely names another thing. Default 1. */
  changed?: number
  /** When no name is within reach, suggest those that share the longest start instead (a typo keeps the start more often than the end). */
  byStart?: boolean
}

/**
 * The names nearest to what was typed, ignoring case, nearest first and at most three: those
 * within `within` edits (a character left out or typed extra, or two neighbours swapped, count one
 * edit; a changed character counts `changed`), else with `byStart` those sharing the longest start.
 * Why one function: every "did you mean" of the package (kind ids, policy and config keys, CLI
 * commands and options, file names about to be written) is one measure with its reach.
 * @example nearNames('--fromat', ['--format', '--force']) // ['--format']
 */
export function nearNames(name: string, names: readonly string[], nearness: Nearness = {}): string[] {
  const { within = 2, changed = 1, byStart = false } = nearness
  const lower = name.toLowerCase()
  const near = names
    .map((other) => ({ other, distance: editDistance(lower, other.toLowerCase(), changed) }))
    .filter(({ distance }) => distance <= within)
    .sort((a, b) => a.distance - b.distance)
  if (near.length > 0 || !byStart) return near.slice(0, 3).map(({ other }) => other)
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
 * ` Did you mean "failOn"?` for a misspelt name, or nothing when no name is close (within two
 * edits, else by the longest shared start, unless `nearness` says otherwise).
 * @example `Unknown option "failon".${didYouMean('failon', OPTIONS)}`
 */
export function didYouMean(name: string, names: readonly string[], nearness: Nearness = { byStart: true }): string {
  const close = nearNames(name, names, nearness)
  return close.length === 0 ? '' : ` Did you mean ${close.map((other) => JSON.stringify(other)).join(' or ')}?`
}

/**
 * ` Did you mean "checkout-agent.mcp-consumer.json"?` when the name of `file` (about to be written)
 * is one slip of the keyboard from a JSON file beside it (`beside`: the names in its folder), else ''.
 * One slip: the same but for case, one character left out or typed extra, or two neighbours
 * swapped. Why not a changed character: a name that differs in one is usually another file
 * (`server-b.json` beside `server-a.json`), as is one that only starts alike (`catalog-v2.json`).
 * Why one function: the matchers and `record` refuse the same typos before writing a new file.
 * @example closeFileBeside('/p/mcp-contrat.json', ['mcp-contract.json']) // ' Did you mean "mcp-contract.json"?'
 */
export function closeFileBeside(file: string, beside: readonly string[]): string {
  const name = basename(file)
  return didYouMean(name, beside.filter((other) => other !== name && other.endsWith('.json')), { within: 1, changed: 2 })
}

/** Edits from `a` to `b` (optimal string alignment): insert, delete and swap of neighbours 1, change `changed`. */
function editDistance(a: string, b: string, changed: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : changed))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1)
      row[j] = best
    }
    rows.push(row)
  }
  return rows[a.length][b.length]
}
