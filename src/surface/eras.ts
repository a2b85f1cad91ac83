import type { Era } from './types.js'

/** Every protocol era, oldest first. */
export const ERAS: readonly Era[] = ['legacy', '2026-07-28']

/**
 * Which era(s) a server is read in:
 * - `auto` (default): `initialize` first; only when the server refuses it, `server/discover`;
 * - `legacy` / `2026-07-28`: that era only;
 * - `both`: both eras, each recorded, and their differences reported.
 */
export type EraOption = Era | 'both' | 'auto'

/** The accepted {@link EraOption} values, for validation and usage text. */
export const ERA_OPTIONS: readonly EraOption[] = ['auto', 'legacy', '2026-07-28', 'both']
