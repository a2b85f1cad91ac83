import type { NotCalled } from '../consumer/verify/call-examples.js'
import type { ConsumerVerdict } from '../consumer/verify/verify-consumers.js'
import { verifyPasses, type ContractVerdict } from '../pact/verify-contracts.js'
import { likelyRenamed, providerSkipLine } from './describe-provider.js'
import { changeSentence, describeChange } from './describe-change.js'
import { formatGithubOf, formatSarifOf } from './format-ci.js'
import { formatJunit, type JunitCase, type JunitSuite } from './format-junit.js'
import { formatReport, toJsonReport, type JsonReport } from './format-report.js'
import { counted } from './counted.js'

/** A verdict as the formats take it: a pact's also names its interactions and those not MCP. */
type Verdict = ConsumerVerdict & Partial<Pick<ContractVerdict, 'interactions' | 'foreign' | 'otherProvider' | 'mismatch'>>

/** How the formats are asked for: `face` says whether advice names a CLI flag (`--provider`) or a matcher option. */
interface RenderOptions {
  texts?: ReadonlyMap<string, string>
  toolVersion?: string
  face?: 'cli' | 'matcher'
}

/** The formats `verify` prints. */
export type ConsumerReportFormat = 'text' | 'json' | 'markdown' | 'junit' | 'sarif' | 'github'

/** The JSON `verify --format json` prints. */
export interface JsonConsumerVerdicts {
  ok: boolean
  consumers: {
    consumer: string
    file: string
    ok: boolean
    changes: JsonReport['changes']
    /** For a pact: each MCP interaction and whether it still holds. */
    interactions?: { description: string; ok: boolean; notCalled?: true }[]
    /** For a pact: interactions that are not MCP, not verified. */
    notMcp?: { description: string; kind: string }[]
    /** With `--call`: how many recorded examples were called. */
    called?: number
    /** With `--call`: the examples listed instead of called, with the reason in words. */
    notCalled?: (NotCalled & { why: string })[]
    /** A contract recorded against another provider: not verified (no changes; `ok` is true unless the file was named directly). */
    otherProvider?: string
    /** With `otherProvider`: why it was not verified, the likely rename and how to verify it, in words. */
    providerNote?: string
    /** `false` for a contract whose reads were not observed (recorded from the wire, or through a client that copies results), with `readsNote` saying what was judged instead. */
    readsObserved?: false
    readsNote?: string
  }[]
}

/**
 * Renders consumer verdicts: a table of consumers × verdict, then each consumer's classified
 * changes and, with live calls, the examples not called (text, markdown); one JSON object with
 * `consumers: [{ consumer, file, ok, changes }]`; JUnit XML, one suite per consumer; or SARIF and
 * GitHub workflow commands, every change located in its consumer's contract file (at the line
 * of the tool it names when `texts` holds the file's text, else line 1). `toolVersion` is this
 * package's version (SARIF's `driver.version`).
 * @example formatConsumerVerdicts(verdicts, 'text')
 */
export function formatConsumerVerdicts(verdicts: readonly Verdict[], format: ConsumerReportFormat = 'text', options: RenderOptions = {}): string {
  const face = options.face ?? 'cli'
  const located = () => verdicts.map((verdict) => ({ report: verdict.report, contract: { file: verdict.file, text: options.texts?.get(verdict.file) } }))
  switch (format) {
    case 'sarif':
      return formatSarifOf(located(), options.toolVersion)
    case 'github':
      return providerErrors(verdicts, face) + formatGithubOf(located())
    case 'json':
      return renderJson(verdicts, face)
    case 'markdown':
      return renderMarkdown(verdicts, face)
    case 'junit':
      return renderJunit(verdicts, face)
    default:
      return renderText(verdicts, face)
  }
}

/**
 * Why an example was not called, in words.
 * @example notCalledWhy({ tool: 'place_order', example: '{}', reason: 'not-read-only' }) // 'the server does not mark place_order read-only; …'
 */
export function notCalledWhy(entry: NotCalled): string {
  switch (entry.reason) {
    case 'not-read-only':
      return `${entry.tool} is not marked read-only (readOnlyHint: true); call it only against a server you can throw away, with --allow-destructive (allowDestructive: true)`
    case 'no-state-handler':
      if (entry.missing !== undefined) {
        const names = entry.missing.map((state) => JSON.stringify(state))
        return `no handler for the state${names.length === 1 ? '' : 's'} ${names.join(', ')}; pass ${names.length === 1 ? 'it' : 'each'} in states: { ${names.map((name) => `${name}: async () => …`).join(', ')} } (each state's handler runs in the order the pact lists them), or one for ${JSON.stringify(entry.given)} that sets them all up`
      }
      return `no handler for the state ${JSON.stringify(entry.given)}; pass it in states: { ${JSON.stringify(entry.given)}: async () => … }`
    case 'refused-by-schema':
      return `the live inputSchema of ${entry.tool} refuses this example (consumer-example-rejected says where), so calling it would only repeat that failure`
    case 'states-unavailable':
      return `recorded in the state ${JSON.stringify(entry.given)}; the CLI cannot set up provider states, verify it with toSatisfyConsumerContracts(paths, { call: true, states })`
  }
}

function renderJson(verdicts: readonly Verdict[], face: Face): string {
  const json: JsonConsumerVerdicts = {
    ok: verifyPasses(verdicts),
    consumers: verdicts.map((verdict) => ({
      consumer: verdict.consumer,
      file: verdict.file,
      ok: verdict.report.ok,
      changes: toJsonReport(verdict.report).changes,
      ...(verdict.interactions !== undefined ? { interactions: verdict.interactions } : {}),
      ...(verdict.foreign !== undefined ? { notMcp: verdict.foreign } : {}),
      ...(verdict.report.called !== undefined ? { called: verdict.report.called } : {}),
      ...(verdict.report.notCalled !== undefined ? { notCalled: verdict.report.notCalled.map((entry) => ({ ...entry, why: notCalledWhy(entry) })) } : {}),
      ...(verdict.otherProvider !== undefined ? { otherProvider: verdict.otherProvider } : {}),
      ...(verdict.mismatch !== undefined ? { providerNote: providerSkipLine(verdict.mismatch, verdict.file, face) } : {}),
      ...(verdict.readsObserved === false ? { readsObserved: false as const, readsNote: READS_NOT_OBSERVED } : {}),
    })),
  }
  return `${JSON.stringify(json, null, 2)}\n`
}

// Why said: an ok from a wire recording promises less than one from observed reads; a reader must not take it for more.
const READS_NOT_OBSERVED = "output reads were not all observed when this contract was recorded (from the wire by mcp-contract record, or through a client that copies each result before the consumer's code reads it, as the SDK's Client does under recordTransport), so a field the code reads may change unseen; for an SDK Client, record with recordConsumer(client) instead"

type Face = NonNullable<RenderOptions['face']>

function verdictWords(verdict: Verdict): string {
  if (verdict.otherProvider !== undefined) return `${verdict.report.ok ? 'skipped' : 'fails'}: for provider ${verdict.otherProvider}`
  const failing = verdict.report.failing.length
  const calls = verdict.report.called === undefined ? '' : `, called ${verdict.report.called}, not called ${verdict.report.notCalled?.length ?? 0}`
  return `${verdict.report.ok ? 'ok' : `breaks (${failing} change${failing === 1 ? '' : 's'})`}${calls}`
}

/**
 * The provider note a text or markdown report prints under a contract: for a likely rename or a
 * file named directly. Why not for every other provider's contract: in a shared folder they are
 * expected, and the table's "skipped: for provider …" says it.
 */
function noteworthyMismatch(verdict: Verdict): ContractVerdict['mismatch'] {
  const mismatch = verdict.mismatch
  return mismatch !== undefined && (mismatch.named === true || likelyRenamed(mismatch)) ? mismatch : undefined
}

function closingLine(all: readonly Verdict[]): string {
  // Why apart: a contract for another provider was not verified, so it is neither served nor broken.
  const verdicts = all.filter((verdict) => verdict.otherProvider === undefined)
  const others = all.filter((verdict) => verdict.otherProvider !== undefined)
  const named = others.filter((verdict) => !verdict.report.ok).length
  const skipped = others.length === 0 ? '' : `; ${counted(others.length, 'contract')} for another provider ${named === others.length ? 'not verified' : named === 0 ? 'skipped' : `not verified (${named} named directly)`}`
  // Why said first: a run that judged no contract must never read as a pass.
  if (verdicts.length === 0) return `no consumer verified — fails${skipped}`
  const broken = verdicts.filter((verdict) => !verdict.report.ok).length
  const plural = verdicts.length === 1 ? '' : 's'
  return `${broken === 0 ? `all ${verdicts.length} consumer${plural} still served` : `${broken} of ${verdicts.length} consumer${plural} break${broken === 1 ? 's' : ''}`}${skipped}`
}

function notCalledLine(entry: NotCalled): string {
  return `${entry.tool} ${entry.example}${entry.given !== undefined ? ` (given ${JSON.stringify(entry.given)})` : ''}`
}

function renderText(verdicts: readonly Verdict[], face: Face): string {
  const width = Math.max('consumer'.length, ...verdicts.map((verdict) => verdict.consumer.length))
  const fileWidth = Math.max('file'.length, ...verdicts.map((verdict) => verdict.file.length))
  const lines = [`${'consumer'.padEnd(width)}  ${'file'.padEnd(fileWidth)}  verdict`]
  for (const verdict of verdicts) lines.push(`${verdict.consumer.padEnd(width)}  ${verdict.file.padEnd(fileWidth)}  ${verdictWords(verdict)}`)
  for (const verdict of verdicts) {
    const notCalled = verdict.report.notCalled ?? []
    const foreign = verdict.foreign ?? []
    const unobserved = verdict.readsObserved === false && verdict.otherProvider === undefined
    const mismatch = noteworthyMismatch(verdict)
    if (verdict.report.changes.length === 0 && notCalled.length === 0 && foreign.length === 0 && !unobserved && mismatch === undefined) continue
    lines.push('', `${verdict.consumer} (${verdict.file}):`)
    if (mismatch !== undefined) lines.push(`  ${providerSkipLine(mismatch, verdict.file, face)}`)
    if (unobserved) lines.push(`  ${READS_NOT_OBSERVED}`)
    if (verdict.report.changes.length > 0) lines.push(...formatReport(verdict.report).trimEnd().split('\n').map((line) => `  ${line}`))
    // Why every interaction once one breaks: a pact's reader knows its interactions by description.
    if (verdict.interactions?.some((interaction) => !interaction.ok)) {
      lines.push('  interactions:', ...verdict.interactions.map((interaction) => `    ${(interaction.ok ? (interaction.notCalled ? 'not called' : 'ok') : 'breaks').padEnd(10)}  ${interaction.description}`))
    }
    if (foreign.length > 0) lines.push(`  not MCP, not verified (${foreign.length}):`, ...foreign.map((interaction) => `    ${interaction.description} (${interaction.kind})`))
    if (notCalled.length > 0) {
      lines.push(`  not called (${notCalled.length})`)
      for (const entry of notCalled) lines.push(`    ${notCalledLine(entry)}`, `        ${notCalledWhy(entry)}`)
    }
  }
  lines.push('', closingLine(verdicts))
  return `${lines.join('\n')}\n`
}

function renderMarkdown(verdicts: readonly Verdict[], face: Face): string {
  const ok = verifyPasses(verdicts)
  const headline = ok ? 'every consumer still served' : verdicts.some((verdict) => verdict.otherProvider === undefined) ? 'a consumer breaks' : 'no consumer verified'
  const lines = [`### MCP consumer contracts: ${headline}`, '', closingLine(verdicts), '', '| consumer | file | verdict |', '| --- | --- | --- |']
  for (const verdict of verdicts) lines.push(`| ${cell(verdict.consumer)} | \`${cell(verdict.file)}\` | ${verdict.report.ok ? '' : '**'}${cell(verdictWords(verdict))}${verdict.report.ok ? '' : '**'} |`)
  lines.push('')
  for (const verdict of verdicts) {
    const notCalled = verdict.report.notCalled ?? []
    const foreign = verdict.foreign ?? []
    const mismatch = noteworthyMismatch(verdict)
    if (verdict.report.changes.length === 0 && notCalled.length === 0 && foreign.length === 0 && mismatch === undefined) continue
    lines.push(`#### ${cell(verdict.consumer)} (\`${cell(verdict.file)}\`)`, '')
    if (mismatch !== undefined) lines.push(cell(providerSkipLine(mismatch, verdict.file, face)), '')
    const broken = verdict.interactions?.filter((interaction) => !interaction.ok) ?? []
    if (broken.length > 0) lines.push(`**Interactions that break (${broken.length})**`, '', ...broken.map((interaction) => `- ${cell(interaction.description)}`), '')
    if (foreign.length > 0) lines.push(`**Not MCP, not verified (${foreign.length})**`, '', ...foreign.map((interaction) => `- ${cell(interaction.description)} (${cell(interaction.kind)})`), '')
    if (verdict.report.changes.length > 0) {
      lines.push('| severity | change | where | what it does to the consumer |', '| --- | --- | --- | --- |')
      for (const change of verdict.report.changes) {
        const { location, what, effect } = describeChange(change)
        lines.push(`| ${change.severity} | \`${change.kind}\` | ${cell(location)} | ${cell([what, effect].filter(Boolean).join('; '))} |`)
      }
      lines.push('')
    }
    if (notCalled.length > 0) {
      lines.push(`**Not called (${notCalled.length})**`, '')
      for (const entry of notCalled) lines.push(`- \`${cell(notCalledLine(entry))}\`: ${cell(notCalledWhy(entry))}`)
      lines.push('')
    }
  }
  return `${lines.join('\n')}`
}

/** A workflow `::error` for each contract named directly that records another provider: it failed with no change to point at. */
function providerErrors(verdicts: readonly Verdict[], face: Face): string {
  const failed = verdicts.filter((verdict) => verdict.mismatch !== undefined && !verdict.report.ok)
  return failed.map((verdict) => `::error file=${verdict.file.replace(/[%:,\r\n]/g, encodeURIComponent)},line=1,title=provider::${providerSkipLine(verdict.mismatch!, verdict.file, face).replace(/[%\r\n]/g, encodeURIComponent)}\n`).join('')
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

/** JUnit XML: one suite per consumer, one case per change (failing ones carry a failure), one skipped case per example not called or interaction not MCP. */
function renderJunit(verdicts: readonly Verdict[], face: Face): string {
  const suites = verdicts.map((verdict): JunitSuite => {
    const classname = `mcp-contract.${verdict.consumer}`
    const cases: JunitCase[] = verdict.report.changes.map((change) => ({
      classname: `${classname}.${change.severity}`,
      name: `${change.kind} ${describeChange(change).location}`,
      ...(verdict.report.failing.includes(change) ? { failure: { message: changeSentence(change), type: change.severity } } : {}),
    }))
    const served = `the server serves ${verdict.consumer}`
    const note = verdict.mismatch === undefined ? `recorded against provider ${verdict.otherProvider}, not verified` : providerSkipLine(verdict.mismatch, verdict.file, face)
    if (verdict.otherProvider !== undefined) cases.push({ classname, name: served, ...(verdict.report.ok ? { skipped: note } : { failure: { message: note, type: 'provider' } }) })
    else if (cases.length === 0) cases.push({ classname, name: served })
    for (const entry of verdict.report.notCalled ?? []) cases.push({ classname: `${classname}.not-called`, name: `call ${notCalledLine(entry)}`, skipped: notCalledWhy(entry) })
    for (const interaction of verdict.foreign ?? []) cases.push({ classname: `${classname}.not-mcp`, name: interaction.description, skipped: `not MCP (${interaction.kind}), not verified` })
    return { name: verdict.consumer, file: verdict.file, cases, countSkipped: true }
  })
  return formatJunit('mcp-contract verify', suites)
}
