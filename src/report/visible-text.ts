/**
 * Characters a reader cannot see, or that a terminal or a renderer would act on: controls (ANSI
 * escapes start with one), format characters such as zero-width spaces, bidi controls and the
 * Unicode tag block (all Default_Ignorable_Code_Point), private-use and lone surrogates, and every
 * separator but the plain space. A newline is handled on its own.
 */
const UNSEEN = /(?![ \n])[\p{Cc}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cs}\p{Z}]/gu

/**
 * A text with every character a reader would not see spelled out, so a report shows what an agent
 * reads: `⟨U+200B⟩` for a zero-width space, `⟨U+001B⟩` for the escape that starts an ANSI sequence,
 * `↵` for a newline (a report prints a changed text on one line).
 * Why before the word diff too: the diff ignores whitespace, and U+FEFF is whitespace to it, so an
 * invisible character added between two words would otherwise show no change at all.
 * @example visibleText('call\u200Bme\nnow') // 'call⟨U+200B⟩me↵now'
 */
export function visibleText(text: string): string {
  return text.replace(/\r?\n/g, '↵').replace(UNSEEN, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)
}
