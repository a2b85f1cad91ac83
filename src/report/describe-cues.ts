import type { Change } from '../diff/change.js'
import { CUE_IDS } from '../cues/cue.js'

/** What a change with cues does, whatever its kind: the reason docs/rules.md gives for `cueSeverity`. */
export const CUE_EFFECT = 'agents read this text as instructions, and it now says what could turn them on their user'

/**
 * A change's cues as one label, grouped by cue in the order of `CUE_IDS`, each piece of evidence
 * quoted; undefined when it has none.
 * @example cueLabel(change) // 'cues: instruction "<IMPORTANT>"; secret "~/.ssh/id_rsa"'
 */
export function cueLabel(change: Pick<Change, 'cues'>): string | undefined {
  if (change.cues === undefined || change.cues.length === 0) return undefined
  const groups = CUE_IDS.flatMap((id) => {
    const evidence = change.cues!.filter((cue) => cue.cue === id).map((cue) => JSON.stringify(cue.evidence))
    return evidence.length === 0 ? [] : [`${id} ${evidence.join(', ')}`]
  })
  return `cues: ${groups.join('; ')}`
}
