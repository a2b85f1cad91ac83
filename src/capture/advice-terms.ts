/**
 * Who reads a capture failure's advice, and so in whose terms it names what to change: a caller
 * of the API (option and target fields: `timeoutMs`, `{ url, bearer }`), the CLI's user (flags:
 * `--timeout MS`, `--bearer TOKEN`), or a matcher's (the target given to `expect()` and the
 * matcher's policy; a matcher takes no time limit, but it takes a surface captured with one).
 */
export type AdviceFor = 'api' | 'cli' | 'matcher'

/**
 * Each piece of advice capture gives, worded for each reader. Why one table: every reader is
 * told only what they can change, in their own terms, and a piece cannot gain a reader's wording
 * without the others (the type checker holds each row to all three).
 */
export const ADVICE_TERMS = {
  raiseTimeout: {
    api: 'raise the limit with the timeoutMs option',
    cli: 'raise the limit with --timeout MS',
    matcher: 'capture it with captureSurface(target, { timeoutMs }) and hand the matcher that surface',
  },
  passCredentials: {
    api: "pass a token as the target's bearer ({ url, bearer: TOKEN }, or MCP_CONTRACT_TOKEN in the environment) or the header the server expects in its headers ({ url, headers: { 'K': 'V' } })",
    cli: "pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'",
    matcher: "give expect() a token, expect({ url, bearer: TOKEN }) (or MCP_CONTRACT_TOKEN in the environment), or the header the server expects, expect({ url, headers: { 'K': 'V' } })",
  },
  credentialsOutOfUrl: {
    api: "send them as a header instead ({ url, headers: { Authorization: 'Basic …' } }) or a token as bearer ({ url, bearer: TOKEN })",
    cli: "send them as a header instead (--header 'Authorization: Basic …') or a token with --bearer TOKEN",
    matcher: "send them as a header instead, expect({ url, headers: { Authorization: 'Basic …' } }), or a token, expect({ url, bearer: TOKEN })",
  },
  trySse: {
    api: "leave the target's transport unset or pin it, { url, transport: 'sse' }",
    cli: 'leave --transport out or pin it with --transport sse',
    matcher: "leave the target's transport unset or pin it, expect({ url, transport: 'sse' })",
  },
  readModernEra: {
    api: "leave the era option unset (auto) or set era: '2026-07-28'",
    cli: 'leave --era out (auto) or pass --era 2026-07-28',
    matcher: "leave the matcher's era option unset (auto) or pass { era: '2026-07-28' } as its policy",
  },
  readLegacyEra: {
    api: "with era: 'legacy'",
    cli: 'with --era legacy',
    matcher: "with { era: 'legacy' } as the matcher's policy",
  },
  dropSse: {
    api: "drop transport: 'sse' from the target",
    cli: 'drop --transport sse',
    matcher: "drop transport: 'sse' from the target given to expect()",
  },
  dropAuthorizations: {
    api: 'drop the authorizations option',
    cli: 'drop --as',
    // Why the API's words: a matcher takes no named authorizations; it reaches this only through captureSurface.
    matcher: 'drop the authorizations option',
  },
} as const satisfies Record<string, Record<AdviceFor, string>>

/** A piece of advice in {@link ADVICE_TERMS}. */
export type AdvicePiece = keyof typeof ADVICE_TERMS

/**
 * One piece of advice in its reader's terms (default: the API's).
 * @example `If the server is only slow, ${adviceIn('raiseTimeout', 'cli')}.` // 'If the server is only slow, raise the limit with --timeout MS.'
 */
export function adviceIn(piece: AdvicePiece, reader: AdviceFor = 'api'): string {
  return ADVICE_TERMS[piece][reader]
}

/** {@link adviceIn} as the start of a sentence. */
export function adviceSentence(piece: AdvicePiece, reader: AdviceFor = 'api'): string {
  const text = adviceIn(piece, reader)
  return text.charAt(0).toUpperCase() + text.slice(1)
}
