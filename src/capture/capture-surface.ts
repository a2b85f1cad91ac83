import { normalizeSurface } from '../surface/normalize.js'
import { isSurface } from '../surface/is-surface.js'
import type { Surface } from '../surface/types.js'
import { captureRaw, type CaptureOptions, type Target } from './capture-raw.js'

/**
 * Reads a server's advertised surface and normalizes it. A `Surface` passes through unchanged.
 * @example const live = await captureSurface({ command: 'node', args: ['server.js'] }, { timeoutMs: 5000 })
 */
export async function captureSurface(target: Target | Surface, options: CaptureOptions = {}): Promise<Surface> {
  if (isSurface(target)) return target
  return normalizeSurface(await captureRaw(target, options))
}
