import { defineKind } from '../define-kind.js'

/** Detects a list whose `cacheScope` (2026-07-28) changed between `private` and `public`. */
export const serverCacheScopeChanged = defineKind({
  id: 'server-cache-scope-changed',
  entity: 'server',
  movesValue: true,
  purpose: 'Detects a list whose cacheScope (2026-07-28 era) changed between private and public.',
  // Why: `public` lets clients and intermediaries share one cached list across users; a list
  // that differs per user (by authorization) would then leak to, or be missing for, others.
  severity: ({ change }) => (change.after === 'public' ? 'risky' : 'cosmetic'),
  reason: {
    risky: 'the list may now be cached and shared across users; if it differs per user, others see the wrong one',
    cosmetic: 'shared caches stop reusing the list; callers get the same items, fetched more often',
  },
  message: (change) => `cacheScope ${String(change.before)} → ${String(change.after)}`,
  example: '`tools/list` `private` → `public` (risky)',
})
