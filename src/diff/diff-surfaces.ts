import type { NotRecorded, Surface } from '../surface/types.js'
import { SEVERITIES, severityRank, type Change, type Severity } from './change.js'
import type { Detected } from './detected.js'
import { isIgnored, parseIgnoreRule } from './ignore-rule.js'
import { versionAdvice, type VersionAdvice } from './version-advice.js'
import { diffProfiles, sentConfirmed, sentViolationsIntroduced, type SentSurface, type SideRefusal } from './diff-profiles.js'
import { diffAuthorizations } from './diff-authorizations.js'
import { diffEras } from './diff-eras.js'
import { diffPrompts } from './diff-prompts.js'
import { diffResources, diffResourceTemplates } from './diff-resources.js'
import { diffServer } from './diff-server.js'
import { diffTools } from './diff-tools.js'
import { diffTokenCost } from './diff-token-cost.js'
import { policyProblem, resolvePolicy, type Policy, type ResolvedPolicy } from './policy.js'
import { FORMER_IDS, KIND_IDS, kindById } from './registry.js'
import { matchesAny } from './scope.js'
import { maskVolatile, type ComparedByShape } from '../surface/volatile-values.js'
import type { VolatileValue } from '../surface/types.js'
import { withVolatileHints } from './volatile-hints.js'
import { withCues } from './diff-cues.js'

/** The classified difference between a recorded and a live surface. */
export interface DiffReport {
  /** True when no in-scope change reaches `failOn`. */
  ok: boolean
  failOn: Severity
  /** Every change, most serious first. */
  changes: Change[]
  /** The changes that fail the check. */
  failing: Change[]
  /** The changes by severity; with a consumer scope (`used`), only those in scope. */
  summary: Record<Severity, number>
  /** With a consumer scope (`used`): the changes out of scope by severity, listed and never failing. */
  outOfScope?: Record<Severity, number>
  /** Places on either side that could not be judged. */
  notRecorded: NotRecorded[]
  /** Lists a profile's client refuses whole, on either side; present only when there is one. Reports print them first. */
  listingRefused?: SideRefusal[]
  /** What the changes mean for the server's version; present on a diff of two surfaces. */
  version?: VersionAdvice
  /** The volatile values compared by their shape (the contract's and the policy's), present when any was. */
  comparedByShape?: ComparedByShape[]
  /** Changed values that look like a clock or a random id and are not marked volatile; present when any is. */
  looksVolatile?: VolatileValue[]
}

/**
 * Classifies every difference between the recorded and the live surface, from the side of a
 * caller written against the recorded one, then applies the policy. With `sent` (what the server
 * sent, and the entries the contract file vouches for), an entity that starts breaking an enforced
 * profile rule only in what was sent (a root `allOf` of one member) is reported too.
 * @example const report = diffSurfaces(await readContract('mcp-contract.json'), await captureSurface(server))
 */
export function diffSurfaces(recordedSurface: Surface, liveSurface: Surface, policy: Policy = {}, sent?: SentSurface): DiffReport {
  const problem = policyProblem(policy, KIND_IDS)
  if (problem !== undefined) throw new TypeError(`diffSurfaces: ${problem}`)
  const resolved = resolvePolicy(policy)
  // Why masked before detection: a volatile value is compared by its shape, so a changed type, a
  // removed argument or the rest of a text around a masked date are still seen by every rule.
  const { recorded, live, compared } = maskVolatile(recordedSurface, liveSurface, recordedSurface.volatile ?? [], resolved.volatile)
  const notRecorded: NotRecorded[] = []
  let refusals: SideRefusal[] = []
  const detectView = (before: Surface, after: Surface, places: NotRecorded[]): Detected[] => {
    places.push(...before.notRecorded, ...after.notRecorded)
    const profiles = diffProfiles(before, after, resolved.profiles)
    // Why the unnamed view's only: a refusal names no authorization, and the views share one server's lists.
    if (before === recorded) refusals = profiles.refusals
    const sentOnly = before === recorded && sent !== undefined ? sentViolationsIntroduced(sent, recorded, resolved.profiles, profiles.detected) : []
    return [
      // Why first: a rule the clients enforce is the cause of the schema changes it comes with.
      ...(before === recorded ? sentConfirmed(profiles.detected, sent) : profiles.detected),
      ...sentOnly,
      ...diffServer(before.server, after.server),
      // Why the unnamed view's only: one budget holds for the list an agent is sent, and each named
      // view is the same server's list seen by another authorization, which would repeat it.
      ...(before === recorded ? diffTokenCost(before, after, resolved.tokenBudget) : []),
      ...diffEras(before, after),
      // Why: a list absent (method not found) reads as empty, so absent ↔ empty reports nothing.
      ...diffTools(before.tools ?? [], after.tools ?? [], places),
      ...diffPrompts(before.prompts ?? [], after.prompts ?? []),
      ...diffResources(before.resources ?? [], after.resources ?? []),
      ...diffResourceTemplates(before.resourceTemplates ?? [], after.resourceTemplates ?? []),
    ]
  }
  const hinted = withVolatileHints(diffAuthorizations(recorded, live, detectView(recorded, live, notRecorded), detectView, notRecorded), recorded, live)
  const report = reportDetected(withCues(hinted.changes, recorded, live), resolved, notRecorded)
  // Why the version is read here and never diffed: it is informational metadata, never itself a change.
  const version = versionAdvice(report.changes, recorded.serverVersion, live.serverVersion)
  return {
    ...report,
    ...(refusals.length > 0 ? { listingRefused: refusals } : {}),
    version,
    ...(compared.length > 0 ? { comparedByShape: compared } : {}),
    ...(hinted.looksVolatile.length > 0 ? { looksVolatile: hinted.looksVolatile } : {}),
  }
}

/**
 * Classifies detected changes under a policy and sums them up: the tail of `diffSurfaces`, for
 * checks that detect changes their own way (a consumer contract against a live server).
 * @example reportChanges([{ kind: 'tool-removed', entity: 'tool', name: 'search', path: [] }]).ok // false
 */
export function reportChanges(detected: readonly Detected[], policy: Policy = {}, notRecorded: NotRecorded[] = []): DiffReport {
  const problem = policyProblem(policy, KIND_IDS)
  if (problem !== undefined) throw new TypeError(`reportChanges: ${problem}`)
  return reportDetected(detected, resolvePolicy(policy), notRecorded)
}

function reportDetected(detected: readonly Detected[], resolved: ResolvedPolicy, notRecorded: NotRecorded[]): DiffReport {
  const ignored = resolved.ignore.map(parseIgnoreRule)
  const changes = detected
    .filter((change) => !isIgnored(change, ignored, FORMER_IDS))
    .map((change) => classify(change, resolved))
    .sort(bySeverity)
  const failing = changes.filter((change) => !change.outOfScope && severityRank(change.severity) <= severityRank(resolved.failOn))
  const counts = () => Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as Record<Severity, number>
  const summary = counts()
  const outOfScope = counts()
  // Why apart: with a scope, what the consumer uses is the question; counting the rest with it hid 2 breaking changes among 151.
  for (const change of changes) (change.outOfScope ? outOfScope : summary)[change.severity] += 1
  return { ok: failing.length === 0, failOn: resolved.failOn, changes, failing, summary, ...(resolved.used !== undefined ? { outOfScope } : {}), notRecorded: uniqueNotRecorded(notRecorded) }
}

function classify(change: Detected, policy: ResolvedPolicy): Change {
  const severity = withCueSeverity(kindById(change.kind).severity({ change, policy }), change, policy)
  const outOfScope = policy.used !== undefined && change.entity !== 'server' && !matchesAny(change.name, policy.used)
  return outOfScope ? { ...change, severity, outOfScope } : { ...change, severity }
}

/**
 * A change whose new text introduces a security cue is at least the policy's `cueSeverity`
 * (CLASSIFICATION.md: risky, in a lock breaking); one already more serious keeps its severity.
 */
function withCueSeverity(severity: Severity, change: Detected, policy: ResolvedPolicy): Severity {
  if (change.cues === undefined || change.cues.length === 0) return severity
  return severityRank(policy.cueSeverity) < severityRank(severity) ? policy.cueSeverity : severity
}

/** Most serious first; within a severity, the order detection found them (entity, then name). */
function bySeverity(a: Change, b: Change): number {
  return severityRank(a.severity) - severityRank(b.severity)
}

function uniqueNotRecorded(places: NotRecorded[]): NotRecorded[] {
  const seen = new Map<string, NotRecorded>()
  for (const place of places) seen.set(`${place.entity}\0${place.name}\0${place.path}\0${place.reason}`, place)
  return [...seen.values()]
}
