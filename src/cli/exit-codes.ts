/** Exit codes: nothing fails · a change at or above the fail level · could not run. */
export const EXIT = { ok: 0, failed: 1, error: 2 } as const

/** Exit codes after a signal, as shells report them: 128 + the signal's number. */
export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 }
