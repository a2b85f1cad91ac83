import { createRequire } from 'node:module'
import type * as Semver from 'semver'
import type { Change, Severity } from './change.js'

type SemverModule = typeof Semver
const requireModule = createRequire(import.meta.url)
let loaded: SemverModule | undefined
let loadedValid: SemverModule['valid'] | undefined
/** semver, loaded on first use. Why: it is 40 CommonJS files, and most runs never compare a version. */
function semverModule(): SemverModule {
  return (loaded ??= requireModule('semver') as SemverModule)
}

/**
 * semver's `valid` alone, the part every advice needs. Why apart: it is 7 of semver's 40 files;
 * the rest is needed only when there are changes to advise on.
 */
function validVersion(version: string | undefined): string | undefined {
  loadedValid ??= (loaded?.valid ?? requireModule('semver/functions/valid')) as SemverModule['valid']
  return loadedValid(version ?? null) ?? undefined
}

/**
 * Loads what every version advice needs (semver's `valid`) now instead of on the first advice.
 * Why: `check` calls this while the server it started boots, so the loading is not spent after
 * the server's answer; every other caller keeps loading it on first use.
 */
export function loadVersionAdvice(): void {
  validVersion(undefined)
}

/** A release type, as semver names it; `none` when nothing changed. */
export type ReleaseBump = 'major' | 'minor' | 'patch' | 'none'

/**
 * What the changes mean for the server's version (`serverInfo.version`, semver): the smallest
 * release they need, and whether the live version was bumped too little for them.
 */
export interface VersionAdvice {
  /** The smallest release the changes need: `major` for a breaking or risky change, `minor` for an additive one, else `patch`. */
  needed: ReleaseBump
  /** The version the contract recorded, when it recorded a valid semver one. */
  recorded?: string
  /** The version the live server reports, when it is valid semver. */
  live?: string
  /** The smallest version after `recorded` that makes the needed release (`2.0.0` after `1.4.2`; `0.5.0` after `0.4.2`). */
  suggested?: string
  /**
   * Set when a change breaks callers, yet the live version is still inside the recorded one's
   * caret range: a caller pinning that range (`^1`) gets the new release and breaks.
   */
  underBumped?: { range: string }
  /** Whether the live version is at least `suggested`; present when both are known. */
  liveSuffices?: boolean
}

/** The release each severity needs. Why risky as major: it could not be proved safe, and the default policy fails on it. */
const RELEASE_FOR: Record<Severity, Exclude<ReleaseBump, 'none'>> = { breaking: 'major', risky: 'major', routing: 'patch', additive: 'minor', cosmetic: 'patch' }

const ORDER: ReleaseBump[] = ['major', 'minor', 'patch', 'none']

/**
 * Compares the changes with the versions on both sides. Every change counts, in scope or not:
 * a version speaks to every caller.
 * @example versionAdvice(changes, '1.4.2', '1.4.3') // { needed: 'major', suggested: '2.0.0', underBumped: { range: '^1' }, … }
 */
export function versionAdvice(changes: readonly Change[], recordedVersion: string | undefined, liveVersion: string | undefined): VersionAdvice {
  const needed = changes.map((change) => RELEASE_FOR[change.severity]).reduce<ReleaseBump>((worst, bump) => (ORDER.indexOf(bump) < ORDER.indexOf(worst) ? bump : worst), 'none')
  const recorded = validVersion(recordedVersion)
  const live = validVersion(liveVersion)
  const advice: VersionAdvice = { needed, ...(recorded ? { recorded } : {}), ...(live ? { live } : {}) }
  if (recorded === undefined || needed === 'none') return advice
  const suggested = suggestedAfter(recorded, needed)
  if (suggested !== null) advice.suggested = suggested
  if (suggested !== null && live !== undefined) advice.liveSuffices = semverModule().gte(live, suggested)
  const range = caretRange(recorded)
  if (needed === 'major' && changes.some((change) => change.severity === 'breaking') && live !== undefined && semverModule().satisfies(live, `^${recorded}`)) {
    advice.underBumped = { range }
  }
  return advice
}

/**
 * The smallest version after `recorded` that makes the release. Why 0.x shifts down one place:
 * below 1.0.0 a caret range pins the minor version (`^0.4.2` is `<0.5.0`), so 0.5.0 is the
 * release that tells callers of 0.4 it breaks them, and a new feature fits in a patch.
 */
function suggestedAfter(recorded: string, needed: Exclude<ReleaseBump, 'none'>): string | null {
  const version = semverModule().parse(recorded)
  if (version === null) return null
  if (version.major > 0) return semverModule().inc(recorded, needed)
  if (version.minor > 0) return semverModule().inc(recorded, needed === 'major' ? 'minor' : 'patch')
  return semverModule().inc(recorded, 'patch')
}

/** The caret range callers of `recorded` most likely pin, in its shortest spelling: `^1`, `^0.4`, `^0.0.3`. */
function caretRange(recorded: string): string {
  const { major, minor, patch } = semverModule().parse(recorded) as Semver.SemVer
  if (major > 0) return `^${major}`
  return minor > 0 ? `^0.${minor}` : `^0.0.${patch}`
}
