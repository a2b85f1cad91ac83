import type { Json, SurfaceServer } from '../surface/types.js'
import type { Detected } from './detected.js'

/** Finds changes to the server's identity, instructions and capability flags. */
export function diffServer(before: SurfaceServer, after: SurfaceServer): Detected[] {
  const name = after.name ?? before.name ?? ''
  const changes: Detected[] = []
  for (const field of ['name', 'title'] as const) {
    if (before[field] !== after[field]) {
      changes.push({ kind: 'server-identity-changed', entity: 'server', name, path: [], before: before[field] ?? null, after: after[field] ?? null, details: { field } })
    }
  }
  if (before.instructions !== after.instructions) {
    changes.push({ kind: 'server-instructions-changed', entity: 'server', name, path: [], before: before.instructions ?? null, after: after.instructions ?? null })
  }
  const old = capabilityFlags(before.capabilities)
  const now = capabilityFlags(after.capabilities)
  for (const flag of outermost(old, now)) changes.push({ kind: 'server-capability-removed', entity: 'server', name, path: flag.split('.') })
  for (const flag of outermost(now, old)) changes.push({ kind: 'server-capability-added', entity: 'server', name, path: flag.split('.') })
  return changes
}

/** Flags in `from` missing in `to`, without those under a missing parent: one edit, one finding. */
function outermost(from: Set<string>, to: Set<string>): string[] {
  const missing = [...from].filter((flag) => !to.has(flag))
  return missing.filter((flag) => !missing.some((other) => flag.startsWith(`${other}.`)))
}

/**
 * Lists capabilities as dotted flags (`tools`, `tools.listChanged`, `resources.subscribe`).
 * Why: removing `resources.subscribe` breaks subscribers even though `resources` stays.
 */
function capabilityFlags(capabilities: { [key: string]: Json }, prefix = ''): Set<string> {
  const flags = new Set<string>()
  for (const [key, value] of Object.entries(capabilities)) {
    const flag = prefix + key
    flags.add(flag)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const nested of capabilityFlags(value, `${flag}.`)) flags.add(nested)
    }
  }
  return flags
}
