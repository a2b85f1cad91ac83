import type { Change } from '../diff/change.js'
import { kindById } from '../diff/registry.js'
import type { Entity } from '../surface/types.js'
import { renderPath } from '../surface/render-path.js'
import { CUE_EFFECT, cueLabel } from './describe-cues.js'

/** A change put into words: where, what happened, what it does to a caller. */
export interface ChangeWords {
  /** `parse_catalog → pages`, `prompt summarize → topic`, `server`. */
  location: string
  /** The entity alone: `parse_catalog`, `prompt summarize`, `server`. */
  subject: string
  /** Where inside the entity: `pages`, `output items[].id`; empty for a change to the whole entity. */
  place: string
  /** `was optional, now required`. */
  what: string
  /** `every call that omitted it is now rejected`: the kind's reason for this severity and direction. */
  effect: string
  /** `cues: instruction "<IMPORTANT>"; secret "~/.ssh/id_rsa"`: the security cues the new text introduced; absent when none. */
  cues?: string
}

const ENTITY_LABEL: Record<Entity, string> = { tool: '', prompt: 'prompt ', resource: 'resource ', resourceTemplate: 'template ', server: 'server' }

/**
 * Renders a change's words from its kind record. The only place messages are made.
 * @example describeChange(change).location // 'parse_catalog → filters.city'
 */
export function describeChange(change: Change): ChangeWords {
  const kind = kindById(change.kind)
  const path = renderPath(change.path)
  const side = change.direction === 'output' && change.entity === 'tool' ? 'output ' : ''
  const subject = change.entity === 'server' ? ENTITY_LABEL.server : `${ENTITY_LABEL[change.entity]}${change.name}`
  const place = `${side}${path}`.trimEnd()
  const where = place ? `${subject} → ${place}` : subject
  // Why in the location: every format prints it, so no report can show an authorization's change as everyone's.
  const location = change.authorization === undefined ? where : `${where} (as ${change.authorization})`
  const reason = kind.reason[change.severity] ?? ''
  const cues = cueLabel(change)
  // Why: only schema changes carry a direction; any other change is read as input, as `byDirection` reads it.
  // A change with cues is judged by what its text says, whatever its kind would say of the edit.
  const effect = cues !== undefined ? CUE_EFFECT : (kind.effect?.(change) ?? (typeof reason === 'string' ? reason : reason[change.direction ?? 'input']))
  const what = `${kind.message(change)}${change.wordingOnly ? ' (wording only)' : ''}`
  return { location, subject, place, what, effect, ...(cues !== undefined ? { cues } : {}) }
}

/** One sentence for a change, for reports that print a single message field. */
export function changeSentence(change: Change): string {
  const { location, what, effect, cues } = describeChange(change)
  return `${location}: ${what}${cues ? ` — ${cues}` : ''}${effect ? `; ${effect}` : ''}`
}
