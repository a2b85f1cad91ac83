import { defineKind, fixed } from '../define-kind.js'

/** What the pairing rests on, in words; a change recorded before `by` was kept rests on identical schemas. */
const EVIDENCE: { [by: string]: string } = { schemas: 'identical schemas', spelling: 'the same name spelled another way', arguments: 'the same arguments' }

/** Detects a removed tool that reappears under exactly one new name: identical schemas, the same name spelled another way, or the same arguments. */
export const toolRenamed = defineKind({
  id: 'tool-renamed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a removed tool that reappears under exactly one new name: with identical schemas, as the same name spelled another way (getTinyImage → get-tiny-image), or taking the same arguments.',
  severity: fixed('breaking'),
  reason: { breaking: 'an agent that calls the old name fails' },
  message: (change) => `suspected rename to ${String(change.details?.to)} (${EVIDENCE[String(change.details?.by ?? 'schemas')] ?? EVIDENCE.schemas})`,
  example: '`search` is gone and `find` appears with the same schemas',
})
