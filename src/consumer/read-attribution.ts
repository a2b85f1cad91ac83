import { fileURLToPath } from 'node:url'

/** Who made a read: the consumer's own code, or a dependency it runs (a framework, a validator). */
export type Reader = 'consumer' | 'dependency'

/**
 * Where mcp-contract's own code lives: `src/`, `matchers/` and `setup/` here, or `dist/` once
 * packed. Why from this module's URL: the package may sit anywhere, inside node_modules or not.
 */
const OWN_ROOTS = ((): string[] => {
  const here = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : import.meta.url
  const root = here.replace(/[\\/](src[\\/]consumer[\\/]read-attribution\.[cm]?[jt]s|dist[\\/][^\\/]+\.[cm]?js)$/, '')
  return ['src', 'matchers', 'setup', 'dist'].map((folder) => `${root}/${folder}/`.replaceAll('\\', '/'))
})()

/** How many frames are looked at; a read deeper than this inside our own code counts as the consumer's. */
const FRAMES = 24

/**
 * Who is reading right now, from the call stack: skip mcp-contract's own frames and the
 * runtime's built-ins (`JSON.stringify`, `Array.prototype.map`, `node:` internals); the read is
 * the consumer's when the first frame left is not inside a `node_modules` folder.
 * Why the stack: a Proxy learns only that a field was read, not by whom, and a framework that
 * serialises an output for the model, or a validator walking it, reads every field.
 * Why call sites and not `error.stack`: no text is formatted and no source map is consulted,
 * which keeps a read at a few microseconds.
 * @example readerNow() // 'consumer' when called from a test file, 'dependency' from node_modules/ajv
 */
export function readerNow(): Reader {
  const previousPrepare = Error.prepareStackTrace
  const previousLimit = Error.stackTraceLimit
  let sites: NodeJS.CallSite[] = []
  try {
    Error.prepareStackTrace = (_error, callSites) => callSites
    Error.stackTraceLimit = FRAMES
    const holder: { stack?: unknown } = {}
    Error.captureStackTrace(holder, readerNow)
    sites = Array.isArray(holder.stack) ? (holder.stack as NodeJS.CallSite[]) : []
  } finally {
    Error.prepareStackTrace = previousPrepare
    Error.stackTraceLimit = previousLimit
  }
  for (const site of sites) {
    const where = locationOf(site)
    if (where === undefined || where.startsWith('node:') || OWN_ROOTS.some((root) => where.startsWith(root))) continue
    return /[\\/]node_modules[\\/]/.test(where) ? 'dependency' : 'consumer'
  }
  return 'consumer'
}

/** The file a frame runs in (for code built with `eval` or `new Function`, the file that built it); undefined for built-ins. */
function locationOf(site: NodeJS.CallSite): string | undefined {
  const evaluated = site.getFileName() === undefined && site.isEval()
  const raw = (evaluated ? site.getEvalOrigin() : site.getFileName()) ?? undefined
  if (raw === undefined || raw === '') return undefined
  // Why: an eval origin reads "eval at compile (/path/node_modules/ajv/…:89:30)"; the path is what matters.
  const file = evaluated ? (/\(([^()]+?)(?::\d+:\d+)?\)$/.exec(raw)?.[1] ?? raw) : raw
  if (!file.startsWith('file:')) return file.replaceAll('\\', '/')
  try {
    return fileURLToPath(file).replaceAll('\\', '/')
  } catch {
    return file
  }
}
