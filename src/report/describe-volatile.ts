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
 * How the reader of a report can have a moving value detected: `snapshot` (the CLI records again,
 * reading the server twice), `update` (a matcher's -u reads a target it can make twice, twice),
 * `factory` (a matcher was given a server object, which connects once: a factory can be read twice)
 * or `declare` (nothing can read it twice: a captured surface).
 */
export type VolatileAdvice = 'snapshot' | 'update' | 'factory' | 'declare'

/** What each way of detecting a moving value advises, for its path. */
const DETECT: Record<VolatileAdvice, (path: string) => string> = {
  snapshot: (path) => `mark ${path} volatile, or run snapshot again to detect it`,
  update: (path) => `mark ${path} volatile, or record again with -u, which reads the server twice to detect it`,
  // Why a factory: an McpServer object connects to one transport only, so it is read once and nothing is seen moving.
  factory: (path) => `pass a factory: \`expect(() => createServer())\` is read twice when the file is written; or mark ${path} volatile`,
  declare: (path) => `mark ${path} volatile`,
}

/**
 * The hint on a change whose value looks like a clock or a random id and is not marked volatile;
 * undefined on any other change. A date says to declare it: it moves at midnight, so two reads
 * seconds apart cannot see it move. A server object read once says to pass a factory.
 * @example volatileHint(change) // 'this default looks like a clock (date-time): mark tools.search.inputSchema.properties.since.default volatile, or run snapshot again to detect it'
 */
export function volatileHint(change: Change, advice: VolatileAdvice = 'snapshot'): string | undefined {
  const path = change.details?.looksVolatile
  if (typeof path !== 'string') return undefined
  const format = String(change.details?.volatileFormat ?? '')
  if (format === 'date') return `this ${fieldOf(change)} holds a date (date), which moves only at midnight: two reads seconds apart cannot detect it, so declare it ("volatile": [${JSON.stringify(path)}])`
  const looks = isClockFormat(format) ? 'a clock' : 'a random id'
  return `this ${fieldOf(change)} looks like ${looks} (${format}): ${DETECT[advice](path)}`
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

/**
 * The warning for declared volatile paths that name nothing in the server's surface; undefined when there is none.
 * @example volatileNamesNothingLine(['tools.serch.description']) // 'mcp-contract: warning: the volatile path tools.serch.description names nothing the server lists; was it renamed? …'
 */
export function volatileNamesNothingLine(paths: readonly string[]): string | undefined {
  if (paths.length === 0) return undefined
  const listed = paths.join(', ')
  return `mcp-contract: warning: the volatile path${paths.length === 1 ? '' : 's'} ${listed} name${paths.length === 1 ? 's' : ''} nothing the server lists, so ${paths.length === 1 ? 'it masks' : 'they mask'} nothing; was it renamed? Fix it where "volatile" declares it.`
}
