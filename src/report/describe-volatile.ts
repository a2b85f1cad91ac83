/**
 * Words for values a server changes by itself: how many a check compared by their shape, and the
 * hint on a change that only a clock or a random id moving explains.
 */
import type { Change } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { isClockFormat } from '../surface/volatile-formats.js'

/**
 * The line saying how many values were compared by shape; undefined when none was.
 * @example comparedByShapeLine(report) // '3 volatile values compared by shape (a change of their type or format still shows)'
 */
export function comparedByShapeLine(report: DiffReport): string | undefined {
  const count = new Set((report.comparedByShape ?? []).map((value) => value.path)).size
  if (count === 0) return undefined
  return `${count} volatile value${count === 1 ? '' : 's'} compared by shape, not by value (a change of type or format still shows)`
}

/**
 * The hint on a change whose value looks like a clock or a random id and is not marked volatile;
 * undefined on any other change.
 * @example volatileHint(change) // 'this default looks like a clock (date-time): mark tools.search.inputSchema.properties.since.default volatile, or run snapshot again to detect it'
 */
export function volatileHint(change: Change): string | undefined {
  const path = change.details?.looksVolatile
  if (typeof path !== 'string') return undefined
  const format = String(change.details?.volatileFormat ?? '')
  const looks = isClockFormat(format) ? 'a clock' : 'a random id'
  return `this ${fieldOf(change)} looks like ${looks} (${format}): mark ${path} volatile, or run snapshot again to detect it`
}

/** What the change's value is, as the hint names it. */
function fieldOf(change: Change): string {
  if (change.kind === 'schema-default-changed') return 'default'
  if (change.kind.endsWith('-description-changed')) return 'description'
  if (change.kind === 'server-instructions-changed') return 'text'
  if (/^resource(-template)?-(removed|added)$/.test(change.kind)) return 'URI'
  if (change.kind.endsWith('-title-changed')) return 'title'
  return 'value'
}
