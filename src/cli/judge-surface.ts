import { appendFile, readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { ignoredLines, policyWithConfig, type FoundConfig } from '../config/project-config.js'
import type { SourceLiteral } from '../consumer/source-literals.js'
import { usedEntities, usedScope } from '../consumer/used-by-sources.js'
import type { SentSurface } from '../diff/diff-profiles.js'
import { diffSurfaces } from '../diff/diff-surfaces.js'
import { enforcedFindings } from '../lint/enforced-rules.js'
import { lintSurfaceWith } from '../lint/lint-surface.js'
import { notJudgedBetweenFiles } from '../lint/recorded-marks.js'
import { DEFAULT_PROFILES } from '../lint/profile-registry.js'
import { versionSuggestion } from '../report/describe-version.js'
import { modelApiWarning } from '../report/describe-undeclared.js'
import { volatileNamesNothingLine } from '../report/describe-volatile.js'
import { lintWarnings } from '../report/format-lint.js'
import { formatReport } from '../report/format-report.js'
import { shellWord } from '../report/shell-word.js'
import { wantsColor } from '../report/text-colors.js'
import { namesNothing } from '../surface/volatile-values.js'
import { normalizeVouched, type VerifiedEntries } from '../surface/vouched-entries.js'
import type { RawSurface, Surface } from '../surface/types.js'
import type { CliIo } from './cli-io.js'
import { EXIT } from './exit-codes.js'
import { packageVersion } from './package-version.js'
import type { Invocation } from './parse-argv.js'

// Why a file of its own: `check` loads it while its server boots, and it holds only what judging a
// live surface and printing the report need; the other commands' modules (consumer contracts,
// verification, publishing, pacts, login) stay unloaded.

/**
 * Prints the classified report under the project's configuration (flags win over it); `recorded.file`
 * is the contract SARIF and GitHub annotations point at, shown relative to the working folder;
 * `where.sent` is what the server sent, judged for the profile rules its normalized surface hides.
 */
export async function report(recorded: Surface, live: Surface, invocation: Invocation, io: CliIo, where: { file: string; config?: FoundConfig; literals?: SourceLiteral[]; sent?: SentSurface }): Promise<number> {
  const used = usedScope(invocation.used, where.literals && usedEntities(where.literals, [recorded, live]))
  const policy = policyWithConfig(where.config, judgingFlags(invocation, used))
  const result = diffSurfaces(recorded, live, policy, where.sent)
  // Why: two contract files hold no record of what either release sent, which a model API's rules read.
  if (where.sent === undefined) result.notRecorded.push(...notJudgedBetweenFiles(policy.profiles ?? DEFAULT_PROFILES).map(({ profile, reason }) => ({ entity: 'server' as const, name: profile, path: '', reason })))
  const nowhere = volatileNamesNothingLine(namesNothing(live, policy.volatile ?? []))
  if (nowhere) io.stderr(`${nowhere}\n`)
  const located = invocation.format === 'sarif' || invocation.format === 'github'
  const contract = { file: relative(io.cwd, where.file) || where.file, text: located ? await readFile(where.file, 'utf8') : undefined }
  const ignored = invocation.format === 'text' ? ignoredLines(where.config, io.cwd) : []
  const color = invocation.format === 'text' && wantsColor(io.env, io.isTerminal === true)
  const suggestion = invocation.suggestVersion && invocation.format === 'text' ? [versionSuggestion(result)] : []
  // Why only check's text: diff compares two files, and other formats are read by tools that would choke on a line of advice.
  // Why: with --used-by the reader uses a server it does not build; release and re-record advice is the provider's.
  const audience = where.literals !== undefined ? ('consumer' as const) : ('provider' as const)
  const behind = invocation.command === 'check' && invocation.format === 'text' && result.ok && result.changes.length > 0 && audience === 'provider' ? [contractBehind(result.changes.length, invocation)] : []
  io.stdout(formatReport(result, { format: invocation.format, contract, color, toolVersion: packageVersion(), audience }) + [...ignored, ...suggestion, ...behind].map((line) => `${line}\n`).join(''))
  // Why: in GitHub Actions the job's summary page shows the report beside the annotations.
  const summary = io.env.GITHUB_STEP_SUMMARY
  if (summary) await appendFile(summary, formatReport(result, { format: 'markdown', audience }))
  return result.ok ? EXIT.ok : EXIT.failed
}

/**
 * Why a passing check says so: a drift that fails nothing still leaves the contract behind the
 * server, and the next check compares with the old surface; the command that records it is given whole.
 */
function contractBehind(changes: number, invocation: Invocation): string {
  const target = invocation.url !== undefined ? ['--url', invocation.url] : ['--', ...invocation.serverCommand]
  const options = [...(invocation.contractGiven ? ['--contract', invocation.contract] : []), ...(invocation.era ? ['--era', invocation.era] : []), ...(invocation.transport ? ['--transport', invocation.transport] : [])]
  // Why credentials are not repeated: a token typed here would be printed in the log.
  const credentials = Object.keys(invocation.headers).length > 0 || invocation.bearer !== undefined || invocation.bearerEnv !== undefined || invocation.authorizations !== undefined ? ' (with the same --header, --bearer and --as options)' : ''
  const command = ['mcp-contract', 'snapshot', ...options, ...target].map(shellWord).join(' ')
  return `${invocation.contract} is behind the server (${changes} change${changes === 1 ? '' : 's'} it does not record); to record ${changes === 1 ? 'it' : 'them'}: ${command}${credentials}`
}

/** The policy the command line sets (the project configuration fills in the rest). */
export function judgingFlags(invocation: Invocation, used?: string[]) {
  return {
    ...(invocation.failOn ? { failOn: invocation.failOn } : {}),
    ...(invocation.strict ? { strict: true } : {}),
    ...(invocation.profiles ? { profiles: invocation.profiles } : {}),
    ...(invocation.ignore ? { ignore: invocation.ignore } : {}),
    ...(used !== undefined ? { used } : {}),
  }
}

/**
 * The live surface normalized from what capture read, and in words which wire and era(s) it was
 * read over; warns on stderr about every profile error rule it breaks. Why: clients see the raw
 * surface, and one they cannot list must never be recorded or checked silently; stderr keeps a
 * JSON report on stdout parseable. With `verified`, an entry the contract vouches for and the server
 * lists unchanged is the recorded one, and is not linted again (no enforced rule found fault with it).
 * `configured` is the profiles the project configuration declares: with no model profile among the
 * profiles in force, one more line says which model API refuses what the server sent.
 */
export function judgeLive(raw: RawSurface, invocation: Invocation, io: CliIo, verified?: VerifiedEntries, configured?: readonly string[]): { surface: Surface; via: string; sent: SentSurface } {
  const { surface, fresh } = normalizeVouched(raw, verified)
  const profiles = invocation.profiles ?? configured ?? DEFAULT_PROFILES
  // Why the whole raw surface for the model APIs: a vouched entry was judged for MCP clients, not for them.
  const warnings = lintWarnings(lintSurfaceWith({ raw: fresh }, profiles, enforcedFindings)) + modelApiWarning(raw, profiles)
  if (warnings) io.stderr(warnings)
  const eras = surface.eras ?? ['legacy']
  return { surface, sent: { raw: fresh, verified }, via: `# read over ${raw.transport ?? 'stdio'} in the ${eras.join(' and ')} era${eras.length > 1 ? 's' : ''}` }
}

