/**
 * The most characters of anything a server sent (an error message, an HTTP body, a value it
 * listed) that one capture message quotes.
 * Why: a hostile or broken server can answer with megabytes; an error must stay readable.
 */
export const MAX_ECHO_CHARS = 500

/**
 * Text a server sent, cut to `max` characters with a note of how much was left out.
 * @example clipEcho('x'.repeat(600)) // 'xxx…x… (100 more characters)'
 */
export function clipEcho(text: string, max = MAX_ECHO_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`
}

/**
 * A value a server sent, as JSON, clipped the same way.
 * @example quoteEcho({ tools: 'none' }) // '{"tools":"none"}'
 */
export function quoteEcho(value: unknown): string {
  let json: string | undefined
  try {
    json = JSON.stringify(value)
  } catch {
    json = undefined
  }
  return clipEcho(json ?? String(value))
}
