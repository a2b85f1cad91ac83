/**
 * How deeply a contract file or printed surface may nest objects and arrays.
 * Why a limit: comparing and printing walk schemas recursively, and a file nested thousands of
 * levels deep would overflow the stack; no real schema comes near this (capture refuses
 * server items nested more than 500 levels, which leaves room for the file's own wrapping).
 */
export const MAX_CONTRACT_DEPTH = 600

/** Where JSON text first nests deeper than allowed. */
export interface TooDeep {
  line: number
  column: number
}

/**
 * Finds the first `{` or `[` of JSON text that opens level `maxDepth + 1`, without parsing, in
 * one pass and constant stack. `undefined` when the text stays within the limit.
 * @example findTooDeep('[[[1]]]', 2) // { line: 1, column: 3 }
 */
export function findTooDeep(text: string, maxDepth = MAX_CONTRACT_DEPTH): TooDeep | undefined {
  // Why char codes, and lines counted only once a place is found: this runs on every contract a
  // check reads (megabytes for a large server), and one-character strings and line bookkeeping on
  // every character made it cost a quarter of reading the file.
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === BACKSLASH) index++
      else if (code === QUOTE) inString = false
      continue
    }
    if (code === QUOTE) inString = true
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++
      if (depth > maxDepth) return placeOf(text, index)
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--
  }
  return undefined
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/** The line and column (both from 1) of `index` in `text`. */
function placeOf(text: string, index: number): TooDeep {
  let line = 1
  let lineStart = 0
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++
    lineStart = at + 1
  }
  return { line, column: index - lineStart + 1 }
}
