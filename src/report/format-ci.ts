/**
 * Reports for CI systems that annotate code: SARIF 2.1.0 (code-scanning uploads) and GitHub
 * workflow commands. Both point each change at its line in the committed contract file.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif'
import type { Change } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { KINDS } from '../diff/registry.js'
import { renderPath } from '../surface/render-path.js'
import { changeSentence } from './describe-change.js'
import { versionWarning } from './describe-version.js'
import { kindReasons } from './render-rules.js'

/**
 * The rule of the version warning, beside the change kinds' rules. Why a result and not a SARIF
 * notification: notifications are about the tool's own run; this is about the server's release.
 */
const VERSION_RULE: ReportingDescriptor = {
  id: 'version-under-bumped',
  shortDescription: { text: 'A breaking change under a serverInfo.version that callers pinning the recorded version\'s caret range still accept.' },
  help: { text: 'Release the suggested version or later (mcp-contract check --suggest-version names it), then record the contract again with mcp-contract snapshot.' },
}

/** The committed contract file the changes are located in: its path as the user gave it, and its text. */
export interface ContractLocation {
  file: string
  text?: string
}

/** A report and the contract file its changes are located in. */
export interface LocatedReport {
  report: DiffReport
  contract: ContractLocation
}

/**
 * How loud a change is in SARIF and GitHub alike: a failing change is an error, any other at or
 * above `routing` a warning, `additive` and `cosmetic` a note. Why one function: both formats
 * list the same changes at the same levels as JUnit lists them.
 */
function levelOf(report: DiffReport, change: Change): 'error' | 'warning' | 'note' {
  if (report.failing.includes(change)) return 'error'
  // Why a note: with a scope, a change to what the consumer does not use is context, never a warning.
  if (change.outOfScope) return 'note'
  return change.severity === 'additive' || change.severity === 'cosmetic' ? 'note' : 'warning'
}

/**
 * SARIF 2.1.0: one rule per change kind (its purpose; its help, the reasons at each severity, as
 * docs/rules.md of the package lists them), one result per change (every change, as JUnit and
 * the GitHub format list them; the level by severity: `error` when it fails, `warning`, or `note`
 * for additive and cosmetic), located at the changed argument's line in the contract file (the
 * entity's when the change is to the whole entity); and, when a breaking change came under a
 * release callers' caret ranges still accept, a `warning` result of the rule
 * `version-under-bumped` at the `serverVersion` line. `toolVersion` is this package's version
 * (`driver.version`). Why no `helpUri` or `informationUri`: SARIF wants absolute URLs there, and
 * the package has no public page; the help travels in the log itself.
 * @example formatSarif(report, { file: 'mcp-contract.json', text }, '0.1.0')
 */
export function formatSarif(report: DiffReport, contract: ContractLocation, toolVersion?: string): string {
  return formatSarifOf([{ report, contract }], toolVersion)
}

/**
 * SARIF 2.1.0 for several reports in one run, each located in its own contract file (verify: one
 * report per consumer contract), as {@link formatSarif} describes.
 * @example formatSarifOf(verdicts.map((verdict) => ({ report: verdict.report, contract: { file: verdict.file } })), '0.1.0')
 */
export function formatSarifOf(located: readonly LocatedReport[], toolVersion?: string): string {
  const rules: ReportingDescriptor[] = [
    ...KINDS.map((kind) => ({
      id: kind.id,
      shortDescription: { text: kind.purpose },
      help: { text: [`What ${kind.id} does to a caller:`, ...kindReasons(kind), 'Every change kind: docs/rules.md in the mcp-contract package.'].join('\n') },
    })),
    VERSION_RULE,
  ]
  const results = located.flatMap(({ report, contract }) => sarifResults(report, contract, rules))
  const log: Log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'mcp-contract', ...(toolVersion === undefined ? {} : { version: toolVersion }), rules } }, results }],
  }
  return `${JSON.stringify(log, null, 2)}\n`
}

function sarifResults(report: DiffReport, contract: ContractLocation, rules: ReportingDescriptor[]): Result[] {
  const results: Result[] = report.changes.map((change) => ({
    ruleId: change.kind,
    ruleIndex: rules.findIndex((rule) => rule.id === change.kind),
    level: levelOf(report, change),
    message: { text: `${change.severity}: ${changeSentence(change)}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: contract.file }, region: { startLine: lineOf(change, contract.text) } },
        logicalLocations: [{ name: change.name, kind: change.entity }],
      },
    ],
    properties: { severity: change.severity, entity: change.entity, ...(change.direction ? { direction: change.direction } : {}), ...(change.path.length > 0 ? { path: renderPath(change.path) } : {}) },
  }))
  const warning = versionWarning(report.version)
  if (warning !== undefined) {
    results.push({
      ruleId: VERSION_RULE.id,
      ruleIndex: rules.length - 1,
      level: 'warning',
      message: { text: `version: ${warning}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: contract.file }, region: { startLine: versionLine(contract.text) } } }],
      properties: { ...report.version },
    })
  }
  return results
}

/**
 * GitHub Actions workflow commands: `::error` for each failing change, `::warning` for the
 * others at or above `routing`, `::notice` for the rest, each at its line in the contract file;
 * and a `::warning` titled `version` at the `serverVersion` line when a breaking change came under
 * a release callers' caret ranges still accept.
 * @example formatGithub(report, { file: 'mcp-contract.json', text })
 */
export function formatGithub(report: DiffReport, contract: ContractLocation): string {
  return formatGithubOf([{ report, contract }])
}

/** GitHub workflow commands for several reports, each at its lines in its own contract file, as {@link formatGithub} describes. */
export function formatGithubOf(located: readonly LocatedReport[]): string {
  const lines = located.flatMap(({ report, contract }) => {
    // Why left out: GitHub shows a few annotations per step; those go to what the consumer uses, and one notice counts the rest.
    const commands = report.changes.filter((change) => !change.outOfScope).map((change) => {
      const level = levelOf(report, change) === 'note' ? 'notice' : levelOf(report, change)
      const properties = [`file=${property(contract.file)}`, `line=${lineOf(change, contract.text)}`, `title=${property(`${change.severity}: ${change.kind}`)}`]
      return `::${level} ${properties.join(',')}::${data(changeSentence(change))}`
    })
    const elsewhere = report.changes.filter((change) => change.outOfScope).length
    if (elsewhere > 0) commands.push(`::notice file=${property(contract.file)},line=1,title=out of scope::${data(`${elsewhere} change${elsewhere === 1 ? '' : 's'} to what the consumer does not use, not judged and not annotated; --format json lists each`)}`)
    const warning = versionWarning(report.version)
    if (warning !== undefined) commands.push(`::warning file=${property(contract.file)},line=${versionLine(contract.text)},title=version::${data(warning)}`)
    return commands
  })
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/**
 * The 1-based line of a change in the contract text: the changed argument's key inside the
 * entity's input or output schema, else the line that names the entity, else 1. Why by text: the
 * contract file is deterministic JSON (sorted keys, two-space indent), one `"name": …` line per
 * entity, so the entity's object runs from the `{` above that line to its closing `}`.
 */
function lineOf(change: Change, text: string | undefined): number {
  if (text === undefined || change.entity === 'server') return 1
  const key = change.entity === 'resource' || change.entity === 'resourceTemplate' ? /"(uri|uriTemplate|name)": / : /"name": /
  const lines = text.split('\n')
  const at = lines.findIndex((line) => key.test(line) && line.includes(`: ${JSON.stringify(change.name)}`))
  if (at === -1) return 1
  const argument = change.entity === 'tool' ? argumentLine(lines, at, change) : undefined
  return (argument ?? at) + 1
}

/** The 0-based line of a tool change's argument key, searched inside the tool's object only. */
function argumentLine(lines: string[], nameAt: number, change: Change): number | undefined {
  const segments = change.path.filter((segment) => segment !== '[]').map(String)
  if (segments.length === 0) return undefined
  const indent = lines[nameAt].length - lines[nameAt].trimStart().length - 2
  const isEdge = (line: string, edge: string) => line.length - line.trimStart().length === indent && line.trimStart().startsWith(edge)
  let start = nameAt
  while (start > 0 && !isEdge(lines[start], '{')) start -= 1
  let end = nameAt
  while (end < lines.length - 1 && !isEdge(lines[end], '}')) end += 1
  const schemaKey = `"${change.direction === 'output' ? 'outputSchema' : 'inputSchema'}": `
  let at = lines.slice(start, end).findIndex((line) => line.trimStart().startsWith(schemaKey))
  if (at === -1) return undefined
  at += start
  for (const segment of segments) {
    const next = lines.slice(at + 1, end).findIndex((line) => line.trimStart().startsWith(`${JSON.stringify(segment)}: `))
    if (next === -1) return at
    at += 1 + next
  }
  return at
}

/** The 1-based line of the contract's `serverVersion`, or 1. */
function versionLine(text: string | undefined): number {
  const at = (text ?? '').split('\n').findIndex((line) => /^\s*"serverVersion": /.test(line))
  return at === -1 ? 1 : at + 1
}

/** A workflow command's message, escaped as the runner expects. */
function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** A workflow command's property value, escaped as the runner expects. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}
