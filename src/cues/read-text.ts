import type { ReadText } from './cue.js'

/** Characters that render as nothing: zero-width, joiners, the soft hyphen, bidi controls, variation selectors. */
export const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0100}-\u{E01EF}]/gu

/** The Unicode tag block: U+E0020–U+E007E mirror printable ASCII and render as nothing. */
export const TAG_CHARACTERS = /[\u{E0000}-\u{E007F}]+/gu

/** ANSI escape sequences (CSI, OSC) and any other lone escape. */
export const ANSI_ESCAPES = /\x1B\[[0-9;?]*[ -/]*[@-~]|\x1B\][^\x07\x1B]*(?:\x07|\x1B\\)?|\x1B/g

/** Control characters other than tab, line feed and carriage return (C0, DEL, C1). */
export const CONTROL_CHARACTERS = /[\x00-\x08\x0B\x0C\x0E-\x1A\x1C-\x1F\x7F-\x9F]/g

/**
 * Letters of Cyrillic and Greek that look like Latin ones. Why: `<IМPORTANT>` with a Cyrillic М
 * must still read as an instruction; the mixed script itself is the hidden-characters rule's.
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ɡ: 'g',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  α: 'a', ο: 'o', ρ: 'p', ν: 'v', ι: 'i', κ: 'k', τ: 't', υ: 'u', χ: 'x',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
}
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g')

/** Decodes a run of tag characters to the ASCII they mirror (`U+E0041` → `A`); the begin and cancel tags read as nothing. */
export function decodeTags(run: string): string {
  return [...run].map((char) => {
    const code = char.codePointAt(0)! - 0xe0000
    return code >= 0x20 && code <= 0x7e ? String.fromCharCode(code) : ''
  }).join('')
}

/**
 * A text as the rules read it: tag characters decoded (a model reads them), invisible characters,
 * escapes and controls dropped, compatibility forms folded (NFKC) and look-alike letters read as Latin.
 * @example readText('<IMP\u200BORTANT>').plain // '<IMPORTANT>'
 */
export function readText(raw: string): ReadText {
  const plain = raw
    .replace(TAG_CHARACTERS, (run) => ` ${decodeTags(run)} `)
    .replace(ANSI_ESCAPES, '')
    .replace(INVISIBLE, '')
    .replace(CONTROL_CHARACTERS, ' ')
    .normalize('NFKC')
    .replace(LOOKALIKE, (char) => LOOKALIKES[char])
  return { raw, plain }
}
