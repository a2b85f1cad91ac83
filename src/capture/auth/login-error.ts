/**
 * `mcp-contract auth` could not log in. The message says what failed and what to do, and holds
 * no token, code, verifier or secret.
 */
export class LoginError extends Error {
  override name = 'LoginError'
}

/**
 * Replaces every occurrence of the given secrets in a text with `…`.
 * Why: authorization servers echo requests in their error bodies, and an error must never carry
 * a code, verifier, token or client secret into a terminal or a CI log.
 * @example scrubSecrets('bad code abc123', ['abc123']) // 'bad code …'
 */
export function scrubSecrets(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let scrubbed = text
  for (const secret of secrets) {
    if (secret && secret.length >= 4) {
      scrubbed = scrubbed.replaceAll(secret, '…').replaceAll(encodeURIComponent(secret), '…')
    }
  }
  return scrubbed
}

/** An error's message and its cause's, cut to 500 characters; scrub it before printing. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${message}${cause}`.slice(0, 500)
}
