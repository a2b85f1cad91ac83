/** Every security cue, in the order reports list them. Ids are permanent. */
export const CUE_IDS = ['instruction', 'concealment', 'destination', 'secret', 'hidden-characters', 'shadowing', 'exfiltration'] as const

/** A kind of text that could turn an agent on its user. */
export type CueId = (typeof CUE_IDS)[number]

/** One cue a text carries, with the words (or characters, named) that show it. */
export interface Cue {
  cue: CueId
  /** What shows it, as a reader can find it: `<IMPORTANT>`, `~/.ssh/id_rsa`, `U+200B zero-width space`. */
  evidence: string
}

/** What a rule needs to know of the server whose text it reads. */
export interface CueContext {
  /** The server's own tool, prompt and argument names: referring to them is ordinary text. */
  siblings: string[]
  /** Hosts of the server's own URLs (its docs, its API): a link to them is not a new destination. */
  ownHosts: string[]
}

/** A text as rules read it: `raw` as sent, `plain` with hidden characters dropped and tag characters decoded. */
export interface ReadText {
  raw: string
  plain: string
}

/** A published example a rule comes from. */
export interface CueSource {
  title: string
  url: string
}

/** A cue rule: one record, one file in `rules/` (file name = id). */
export interface CueRule {
  id: CueId
  /** One sentence: what the rule looks for. */
  purpose: string
  /** The public examples of the attack it catches. */
  sources: CueSource[]
  /** The evidence in one text; the same evidence in the old text means the cue is not new. */
  find: (text: ReadText, context: CueContext) => string[]
}

/** Declares a cue rule. */
export function defineCue(rule: CueRule): CueRule {
  return rule
}

/**
 * Every match of the patterns in a text, each trimmed and with its whitespace collapsed.
 * @example matches('a <IMPORTANT> b', [/<important>/gi]) // ['<IMPORTANT>']
 */
export function matches(text: string, patterns: readonly RegExp[]): string[] {
  const found: string[] = []
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) found.push(clip(match[0].replace(/\s+/g, ' ').trim()))
  }
  return found
}

/** Evidence longer than a report line can carry, cut with an ellipsis. */
export function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}
