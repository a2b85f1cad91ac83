import type { ConsumerVerdict } from '../consumer/verify-consumers.js'
import type { ContractVerdict } from '../pact/verify-contracts.js'
import { formatReport, toJsonReport, type JsonReport } from './format-report.js'

/** The JSON `verify --format json` prints. */
export interface JsonConsumerVerdicts {
  ok: boolean
  consumers: {
    consumer: string
    file: string
    ok: boolean
    changes: JsonReport['changes']
    /** For a pact: each MCP interaction and whether it still holds. */
    interactions?: { description: string; ok: boolean }[]
    /** For a pact: interactions that are not MCP, not verified. */
    notMcp?: { description: string; kind: string }[]
  }[]
}

/**
 * Renders consumer verdicts: a table of consumers × verdict, then each consumer's classified
 * changes (text), or one JSON object with `consumers: [{ consumer, file, ok, changes }]`.
 * @example formatConsumerVerdicts(verdicts, 'text')
 */
export function formatConsumerVerdicts(verdicts: readonly (ConsumerVerdict & Partial<Pick<ContractVerdict, 'interactions' | 'foreign'>>)[], format: 'text' | 'json' = 'text'): string {
  const ok = verdicts.every((verdict) => verdict.report.ok)
  if (format === 'json') {
    const json: JsonConsumerVerdicts = {
      ok,
      consumers: verdicts.map((verdict) => ({
        consumer: verdict.consumer,
        file: verdict.file,
        ok: verdict.report.ok,
        changes: toJsonReport(verdict.report).changes,
        ...(verdict.interactions !== undefined ? { interactions: verdict.interactions } : {}),
        ...(verdict.foreign !== undefined ? { notMcp: verdict.foreign } : {}),
      })),
    }
    return `${JSON.stringify(json, null, 2)}\n`
  }
  const width = Math.max('consumer'.length, ...verdicts.map((verdict) => verdict.consumer.length))
  const fileWidth = Math.max('file'.length, ...verdicts.map((verdict) => verdict.file.length))
  const lines = [`${'consumer'.padEnd(width)}  ${'file'.padEnd(fileWidth)}  verdict`]
  for (const verdict of verdicts) {
    const failing = verdict.report.failing.length
    lines.push(`${verdict.consumer.padEnd(width)}  ${verdict.file.padEnd(fileWidth)}  ${verdict.report.ok ? 'ok' : `breaks (${failing} change${failing === 1 ? '' : 's'})`}`)
  }
  for (const verdict of verdicts) {
    const foreign = verdict.foreign ?? []
    if (verdict.report.changes.length === 0 && foreign.length === 0) continue
    lines.push('', `${verdict.consumer} (${verdict.file}):`)
    if (verdict.report.changes.length > 0) lines.push(...formatReport(verdict.report).trimEnd().split('\n').map((line) => `  ${line}`))
    // Why every interaction once one breaks: a pact's reader knows its interactions by description.
    if (verdict.interactions?.some((interaction) => !interaction.ok)) {
      lines.push('  interactions:', ...verdict.interactions.map((interaction) => `    ${interaction.ok ? 'ok    ' : 'breaks'}  ${interaction.description}`))
    }
    if (foreign.length > 0) lines.push(`  not MCP, not verified (${foreign.length}):`, ...foreign.map((interaction) => `    ${interaction.description} (${interaction.kind})`))
  }
  const broken = verdicts.filter((verdict) => !verdict.report.ok).length
  lines.push('', broken === 0 ? `all ${verdicts.length} consumer${verdicts.length === 1 ? '' : 's'} still served` : `${broken} of ${verdicts.length} consumer${verdicts.length === 1 ? '' : 's'} break${broken === 1 ? 's' : ''}`)
  return `${lines.join('\n')}\n`
}
