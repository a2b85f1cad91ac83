/**
 * Reports for CI systems that annotate code: SARIF 2.1.0 (code-scanning uploads) and GitHub
 * workflow commands. Both point each change at its line in the committed contract file.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif'
import type { Change } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { KINDS } from '../diff/registry.js'
import { changeSentence } from './describe-change.js'
import { versionWarning } from './describe-version.js'

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

/**
 * SARIF 2.1.0: one rule per change kind (its purpose, as in docs/rules.md), one result per
 * failing change, located at the changed entity's line in the contract file; and, when a breaking
 * change came under a release callers' caret ranges still accept, a `warning` result of the rule
 * `version-under-bumped` at the contract's `serverVersion` line.
 * @example formatSarif(report, { file: 'mcp-contract.json', text })
 */
export function formatSarif(report: DiffReport, contract: ContractLocation): string {
  const rules: ReportingDescriptor[] = [
    ...KINDS.map((kind) => ({
      id: kind.id,
      shortDescription: { text: kind.purpose },
      help: { text: `Every change kind, its severities and their reasons: docs/rules.md of the mcp-contract package (#${kind.id}).` },
    })),
    VERSION_RULE,
  ]
  const results: Result[] = report.failing.map((change) => ({
    ruleId: change.kind,
    ruleIndex: rules.findIndex((rule) => rule.id === change.kind),
    level: 'error',
    message: { text: `${change.severity}: ${changeSentence(change)}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: contract.file }, region: { startLine: lineOf(change, contract.text) } },
        logicalLocations: [{ name: change.name, kind: change.entity }],
      },
    ],
    properties: { severity: change.severity, entity: change.entity, ...(change.direction ? { direction: change.direction } : {}) },
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
  const log: Log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'mcp-contract', rules } }, results }],
  }
  return `${JSON.stringify(log, null, 2)}\n`
}

/**
 * GitHub Actions workflow commands: `::error` for each failing change, `::warning` for the
 * others at or above `routing`, `::notice` for the rest, each at its line in the contract file;
 * and a `::warning` titled `version` at the `serverVersion` line when a breaking change came under
 * a release callers' caret ranges still accept.
 * @example formatGithub(report, { file: 'mcp-contract.json', text })
 */
export function formatGithub(report: DiffReport, contract: ContractLocation): string {
  const lines = report.changes.map((change) => {
    const level = report.failing.includes(change) ? 'error' : change.severity === 'additive' || change.severity === 'cosmetic' ? 'notice' : 'warning'
    const properties = [`file=${property(contract.file)}`, `line=${lineOf(change, contract.text)}`, `title=${property(`${change.severity}: ${change.kind}`)}`]
    return `::${level} ${properties.join(',')}::${data(changeSentence(change))}`
  })
  const warning = versionWarning(report.version)
  if (warning !== undefined) lines.push(`::warning file=${property(contract.file)},line=${versionLine(contract.text)},title=version::${data(warning)}`)
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

/**
 * The 1-based line of the changed entity in the contract text: the line that names it, or 1.
 * Why by text: the contract file is deterministic JSON, one `"name": …` line per entity.
 */
function lineOf(change: Change, text: string | undefined): number {
  if (text === undefined || change.entity === 'server') return 1
  const key = change.entity === 'resource' || change.entity === 'resourceTemplate' ? /"(uri|uriTemplate|name)": / : /"name": /
  const lines = text.split('\n')
  const at = lines.findIndex((line) => key.test(line) && line.includes(`: ${JSON.stringify(change.name)}`))
  return at === -1 ? 1 : at + 1
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
