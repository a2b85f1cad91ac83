import type { NotRecorded, Surface } from '../surface/types.js'
import type { Detected } from './detected.js'

/** Detects the changes between two views of one server (what `diffSurfaces` does for one pair). */
export type DetectView = (recorded: Surface, live: Surface, notRecorded: NotRecorded[]) => Detected[]

/** The key of the unnamed view: the surface's own top level. */
const UNNAMED = ''

/**
 * Extends the unnamed view's changes with each named authorization's (`--as NAME`), each compared
 * with its own record and tagged with its name; a tool one authorization gains or loses while
 * another lists it becomes `tool-shown-to-authorization` or `tool-hidden-from-authorization`. An
 * authorization read on one side only is listed in `notRecorded`: it cannot be judged.
 * Why whole views, never a merge: list results may vary by authorization, so a tool listed for
 * `admin` says nothing about `reader`.
 */
export function diffAuthorizations(recorded: Surface, live: Surface, unnamed: Detected[], detectView: DetectView, notRecorded: NotRecorded[]): Detected[] {
  const before = views(recorded)
  const after = views(live)
  if (before.size === 1 && after.size === 1) return unnamed
  const server = live.server.name ?? recorded.server.name ?? ''
  const detected = [...unnamed]
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    if (name === UNNAMED) continue
    const old = before.get(name)
    const now = after.get(name)
    if (old === undefined || now === undefined) {
      notRecorded.push({ entity: 'server', name: server, path: '', reason: old === undefined ? notInContract(name) : notReadNow(name) })
      continue
    }
    for (const change of detectView(old, now, notRecorded)) detected.push({ ...change, authorization: name })
  }
  return before.size === 1 ? detected : detected.flatMap((change) => acrossViews(change, before, after))
}

/**
 * A tool added to or removed from one view, said against the other views that list it. Why a
 * suspected rename is split when others still list the old name: it was hidden from this view, not renamed.
 */
function acrossViews(change: Detected, before: Map<string, Surface>, after: Map<string, Surface>): Detected[] {
  if (change.kind === 'tool-renamed') {
    const hidden = acrossView({ ...change, kind: 'tool-removed', after: undefined, details: undefined }, before, after)
    if (hidden.kind === 'tool-removed') return [change]
    const added = acrossView({ kind: 'tool-added', entity: 'tool', name: String(change.details?.to), path: [], ...(change.authorization !== undefined ? { authorization: change.authorization } : {}) }, before, after)
    return [withoutUndefined(hidden), added]
  }
  return [acrossView(change, before, after)]
}

function withoutUndefined(change: Detected): Detected {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as unknown as Detected
}

function acrossView(change: Detected, before: Map<string, Surface>, after: Map<string, Surface>): Detected {
  if (change.entity !== 'tool' || (change.kind !== 'tool-added' && change.kind !== 'tool-removed')) return change
  const own = change.authorization ?? UNNAMED
  // Why recorded views for a tool shown, live views for a tool hidden: shown means the contract kept
  // it for others; hidden means others can still reach it now, so it was not simply removed.
  const others = change.kind === 'tool-added' ? before : after
  const listedFor = [...others].filter(([name, view]) => name !== own && (view.tools ?? []).some((tool) => tool.name === change.name)).map(([name]) => label(name))
  if (listedFor.length === 0) return change
  return { ...change, kind: change.kind === 'tool-added' ? 'tool-shown-to-authorization' : 'tool-hidden-from-authorization', details: { ...change.details, listedFor: listedFor.join(', ') } }
}

function views(surface: Surface): Map<string, Surface> {
  return new Map([[UNNAMED, surface], ...Object.entries(surface.authorizations ?? {})])
}

function label(name: string): string {
  return name === UNNAMED ? 'the unnamed credentials' : name
}

function notReadNow(name: string): string {
  return `the contract records the surface as seen by the authorization "${name}", but it was not read this time; give its credentials (--as ${name} --bearer-env VAR, or "authorizations" in mcp-contract.config.json) to check it`
}

function notInContract(name: string): string {
  return `the server was read as the authorization "${name}", which the contract does not record; record it with mcp-contract snapshot --as ${name}`
}
