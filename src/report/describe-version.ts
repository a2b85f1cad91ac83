import type { DiffReport } from '../diff/diff-surfaces.js'
import type { VersionAdvice } from '../diff/version-advice.js'

/** What each release tells callers; below 1.0.0 a "breaking release" is a minor one (0.4 → 0.5). */
const RELEASE: Record<VersionAdvice['needed'], string> = { major: 'breaking', minor: 'feature', patch: 'patch', none: '' }

const WHY: Record<VersionAdvice['needed'], string> = {
  major: 'for breaking or risky changes',
  minor: 'for additive changes',
  patch: 'for routing or cosmetic changes only',
  none: 'the surface did not change',
}

/**
 * The warning a report carries when a breaking change came under a patch or minor release (or
 * none); `undefined` otherwise.
 * @example versionWarning(advice) // 'breaking change, but the version moved 1.4.2 → 1.4.3; callers pinning ^1 will break — release 2.0.0 or later'
 */
export function versionWarning(advice: VersionAdvice | undefined): string | undefined {
  if (advice?.underBumped === undefined || advice.recorded === undefined || advice.live === undefined) return undefined
  const moved = advice.live === advice.recorded ? `the version stayed ${advice.live}` : `the version moved ${advice.recorded} → ${advice.live}`
  return `breaking change, but ${moved}; callers pinning ${advice.underBumped.range} will break — release ${advice.suggested} or later`
}

/**
 * One line: the smallest release the changes need, and whether the live version makes it.
 * @example versionSuggestion(report) // 'suggested version: 2.0.0 — the smallest breaking release after 1.4.2, for breaking or risky changes (the server reports 1.4.3, which is too small)'
 */
export function versionSuggestion(report: DiffReport): string {
  const advice = report.version ?? { needed: 'none' }
  if (advice.needed === 'none') return `no new version needed: ${WHY.none}`
  if (advice.suggested === undefined) {
    return `needs a ${RELEASE[advice.needed]} release (${advice.needed}) ${WHY[advice.needed]}; the contract records no semver server version to count from (record it again with snapshot)`
  }
  const live = advice.live === undefined ? '' : ` (the server reports ${advice.live}, which is ${advice.liveSuffices ? 'enough' : 'too small'})`
  return `suggested version: ${advice.suggested} — the smallest ${RELEASE[advice.needed]} release after ${advice.recorded}, ${WHY[advice.needed]}${live}`
}
