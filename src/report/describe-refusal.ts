import type { ListingRefusal } from '../lint/lint-surface.js'

/** How many entity names a refusal line lists before it says how many more. */
const NAMES_SHOWN = 5

const NOUN: Record<ListingRefusal['entity'], string> = { tool: 'tool', prompt: 'prompt', resource: 'resource', resourceTemplate: 'template' }

/**
 * The lines that open a report when a profile's client cannot list a surface at all: which side,
 * which request is refused whole, which rules and which entities cause it.
 * @example refusalLines([{ profile: 'sdk-typescript', side: 'live', method: 'tools/list', … }])
 * // ['sdk-typescript clients cannot list the live surface: tools/list is refused whole', '  13 tools break tool-input-schema-object-root: read_file, …']
 */
export function refusalLines(refusals: readonly (ListingRefusal & { side?: 'recorded' | 'live' })[]): string[] {
  const sameOnBothSides = (refusal: ListingRefusal) =>
    refusals.filter((other) => other.profile === refusal.profile && other.method === refusal.method && other.names.join('\0') === refusal.names.join('\0')).length === 2
  // Why merged: a surface broken the same way before and after is one fact, not two.
  const shown = refusals.filter((refusal) => !(refusal.side === 'live' && sameOnBothSides(refusal)))
  return shown.flatMap((refusal) => {
    const surface = refusal.side === undefined ? 'this surface' : sameOnBothSides(refusal) ? 'the recorded or the live surface' : `the ${refusal.side} surface`
    const count = refusal.names.length
    const names = refusal.names.slice(0, NAMES_SHOWN).join(', ') + (count > NAMES_SHOWN ? `, and ${count - NAMES_SHOWN} more` : '')
    return [
      `${refusal.profile} clients cannot list ${surface}: ${refusal.method} is refused whole`,
      `  ${count} ${NOUN[refusal.entity]}${count === 1 ? '' : 's'} break${count === 1 ? 's' : ''} ${refusal.rules.join(', ')}: ${names}`,
    ]
  })
}
