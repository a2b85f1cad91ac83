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
  let depth = 0
  let inString = false
  let line = 1
  let lineStart = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') inString = true
    else if (char === '\n') {
      line++
      lineStart = index + 1
    } else if (char === '{' || char === '[') {
      depth++
      if (depth > maxDepth) return { line, column: index - lineStart + 1 }
    } else if (char === '}' || char === ']') depth--
  }
  return undefined
}
