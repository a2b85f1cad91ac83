import type { Change } from '../diff/change.js'

/**
 * Whether a change is about the user's safety rather than a caller's code: its new text
 * introduced a security cue, or a behaviour hint moved away from the freer value
 * (`hint-reversed`: a tool that was read-only now writes, one that was safe to retry is not).
 */
export function isSecurityChange(change: Pick<Change, 'cues' | 'kind'>): boolean {
  return (change.cues !== undefined && change.cues.length > 0) || change.kind === 'hint-reversed'
}

/**
 * Splits changes into the security ones (cues, hint downgrades) and the rest, each in the order
 * given: reports list the first group before every other change.
 * @example const { security, rest } = securityFirst(report.changes)
 */
export function securityFirst<T extends Pick<Change, 'cues' | 'kind'>>(changes: readonly T[]): { security: T[]; rest: T[] } {
  const security: T[] = []
  const rest: T[] = []
  for (const change of changes) (isSecurityChange(change) ? security : rest).push(change)
  return { security, rest }
}
