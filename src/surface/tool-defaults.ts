import type { SurfaceTool, ToolHints } from './types.js'

/** The spec defaults: an omitted hint is a promise, not a silence. */
export const HINT_DEFAULTS: Readonly<ToolHints> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
}

/** A tool's task support when it declares none. */
export const TASK_SUPPORT_DEFAULT: SurfaceTool['taskSupport'] = 'forbidden'

/**
 * The hints that say something beyond the spec defaults: those set to another value, less
 * `destructiveHint` and `idempotentHint` on a read-only tool (the specification gives them
 * meaning only when `readOnlyHint` is false).
 * @example declaredHints({ readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true }) // ['readOnlyHint']
 */
export function declaredHints(hints: Readonly<Record<string, unknown>>): string[] {
  return (Object.keys(HINT_DEFAULTS) as (keyof ToolHints)[]).filter((hint) => {
    if (hints[hint] === undefined || hints[hint] === HINT_DEFAULTS[hint]) return false
    return !(hints.readOnlyHint === true && (hint === 'destructiveHint' || hint === 'idempotentHint'))
  })
}
