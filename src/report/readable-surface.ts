import type { Surface } from '../surface/types.js'

/**
 * The surface as `show` prints it for people: a read-only tool's `destructiveHint` and
 * `idempotentHint` are left out, since the specification gives them meaning only when
 * `readOnlyHint` is false. Why not in the stored snapshot: it records every resolved hint, so a
 * tool that stops being read-only shows what it now promises.
 * @example printSurfaceSnapshot(readableSurface(surface))
 */
export function readableSurface(surface: Surface): Surface {
  if (!surface.tools) return surface
  const tools = surface.tools.map((tool) => {
    if (!tool.hints.readOnlyHint) return tool
    const { destructiveHint: _destructive, idempotentHint: _idempotent, ...meaningful } = tool.hints
    return { ...tool, hints: meaningful as typeof tool.hints }
  })
  return { ...surface, tools }
}
