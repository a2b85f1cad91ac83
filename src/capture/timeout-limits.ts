// Why a module of its own: the CLI checks --timeout against the limit while parsing its
// arguments, and `record` parses them without loading capture.

/** How long capture waits for each step when `timeoutMs` is not given. */
export const DEFAULT_TIMEOUT_MS = 10_000

/**
 * The longest `timeoutMs` capture accepts: 2^31 - 1 ms, about 24.8 days.
 * Why: `setTimeout` fires at once for any longer delay, so a longer limit would time out at once.
 */
export const MAX_TIMEOUT_MS = 2_147_483_647
