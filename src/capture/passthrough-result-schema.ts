/**
 * A result "schema" that accepts any result and returns it untouched, for `client.request()`.
 *
 * Why not zod: the SDK validates with whichever zod it resolved, and the user's copy may differ
 * from anything we could import. Both validation paths are duck-typed instead: SDK 1.x calls
 * `schema.safeParse(data)` for anything that is not a zod 4 schema (no `_zod` key), and SDK 2.x
 * accepts any Standard Schema (`~standard.validate`). Neither strips unknown fields this way.
 */
export const passthroughResultSchema = {
  safeParse: (data: unknown) => ({ success: true as const, data }),
  '~standard': {
    version: 1 as const,
    vendor: 'mcp-contract',
    validate: (value: unknown) => ({ value }),
  },
}
