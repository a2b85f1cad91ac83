import { CliUsageError } from './cli-error.js'

// Why these: a header name is an RFC 9110 token (https://www.rfc-editor.org/rfc/rfc9110#name-tokens);
// Node's http and fetch refuse any other name, and fetch's refusal quotes the whole of it.
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const LEADING_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/
// Why: a line break or NUL in a value is refused by Node's http and fetch, and fetch's refusal quotes the value.
const BAD_VALUE = /[\r\n\0]/

/**
 * Splits one `--header 'Name: value'` into its name and value.
 * Why no message quotes what was given: the value is a secret (a token, an API key), and a
 * mistyped flag (`'Authorization Bearer sk-…'`, `X-Api-Key=…`) holds it too. A message names at
 * most the first word, and only when something follows it, so a bare token is never printed.
 * @throws CliUsageError for a flag with no colon, no name, a name that is not one word, or a value with a line break
 * @example parseHeaderFlag('X-Api-Key: abc') // ['X-Api-Key', 'abc']
 */
export function parseHeaderFlag(flag: string): [name: string, value: string] {
  const colon = flag.indexOf(':')
  const name = colon === -1 ? '' : flag.slice(0, colon).trim()
  if (colon !== -1 && NAME.test(name)) {
    const value = flag.slice(colon + 1).trim()
    if (BAD_VALUE.test(value)) throw new CliUsageError(`--header ${name}: its value holds a line break or NUL, which no HTTP header can carry; give the value on one line: --header '${name}: value'`)
    return [name, value]
  }
  const word = firstWord(flag)
  const given = word === undefined ? '--header' : `--header "${word} …"`
  if (colon === -1) return refuse(`${given} has no colon`, word)
  if (name === '') return refuse(`${given} has no name before its colon`, word)
  return refuse(`${given} has a header name that is not one word (letters, digits and -)`, word)
}

function refuse(problem: string, word: string | undefined): never {
  const example = word !== undefined && NAME.test(word) ? `'${word}: value'` : "'Name: value'"
  throw new CliUsageError(`${problem}; it must look like ${example}, with a colon after the header name (the value is not shown here)`)
}

/** The header name a mistyped flag starts with, when something follows it; a flag of one word alone may be the secret itself. */
function firstWord(flag: string): string | undefined {
  const trimmed = flag.trimStart()
  const word = LEADING_NAME.exec(trimmed)?.[0]
  // Why more than padding after it: `abc123==` is one base64 secret, not a name and a value.
  return word !== undefined && /^[\s=]+[^\s=]/.test(trimmed.slice(word.length)) ? word : undefined
}
