import { clip, defineCue } from '../cue.js'
import { ANSI_ESCAPES, CONTROL_CHARACTERS, INVISIBLE, TAG_CHARACTERS, decodeTags } from '../read-text.js'
import { SOURCES } from './sources.js'

/** Names for the invisible characters seen most; others are named by their class. */
const NAMES: Record<number, string> = {
  0xad: 'soft hyphen', 0x61c: 'Arabic letter mark', 0x180e: 'Mongolian vowel separator',
  0x200b: 'zero-width space', 0x200c: 'zero-width non-joiner', 0x200d: 'zero-width joiner', 0x200e: 'left-to-right mark', 0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding', 0x202b: 'right-to-left embedding', 0x202c: 'pop directional formatting', 0x202d: 'left-to-right override', 0x202e: 'right-to-left override',
  0x2060: 'word joiner', 0x2066: 'left-to-right isolate', 0x2067: 'right-to-left isolate', 0x2068: 'first strong isolate', 0x2069: 'pop directional isolate', 0xfeff: 'zero-width no-break space',
}

/** `U+200B zero-width space`. */
function named(char: string): string {
  const code = char.codePointAt(0)!
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
  return `${hex} ${NAMES[code] ?? (code >= 0xe0100 ? 'variation selector' : 'invisible format character')}`
}

/** Scripts whose letters pass for Latin ones. */
const LOOKALIKE_SCRIPTS = [/\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u]
const WORDS = /[\p{L}\p{M}\d_-]+/gu

/** Hidden characters: text a reviewer does not see but the model reads, and names that mix scripts. */
export const hiddenCharacters = defineCue({
  id: 'hidden-characters',
  purpose: 'Finds characters a reviewer cannot see: zero-width and bidi controls, the Unicode tag block, variation selectors, ANSI escapes and other controls, and confusable names (a word mixing Latin with Cyrillic or Greek letters).',
  sources: [SOURCES.unicodeTags, SOURCES.invisibleCharacters, SOURCES.lineJumpingAnsi, SOURCES.mcpSecBench],
  find: ({ raw }) => {
    const found: string[] = []
    for (const match of raw.matchAll(TAG_CHARACTERS)) found.push(`Unicode tag characters spelling ${JSON.stringify(clip(decodeTags(match[0]), 60))}`)
    for (const match of raw.matchAll(INVISIBLE)) found.push(named(match[0]))
    for (const match of raw.matchAll(ANSI_ESCAPES)) found.push(`ANSI escape ${JSON.stringify(match[0]).slice(1, -1)}`)
    for (const match of raw.matchAll(CONTROL_CHARACTERS)) if (match[0] !== '\x1B') found.push(`control character U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    for (const [word] of raw.replace(INVISIBLE, '').matchAll(WORDS)) {
      if (!/\p{Script=Latin}/u.test(word)) continue
      const other = LOOKALIKE_SCRIPTS.find((script) => script.test(word))
      if (other) found.push(`${JSON.stringify(word)} mixes Latin with ${other.source.slice(10, -1)} letters`)
    }
    return found
  },
})
