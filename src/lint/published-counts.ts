/** One error rule and the published server releases that break it. */
export interface PublishedCount {
  profile: string
  rule: string
  releases: string[]
}

/**
 * What the published server releases this repository installs break (and which of them print the
 * undeclared model-API warning), per model and host profile error rule: measured by
 * test/lint/model-profiles.test.ts, which fails when this differs from a fresh measurement, and
 * rendered into docs/profiles.md. Why kept in src: the docs are generated from src, and a figure in
 * them must be one a test measured.
 */
export const PUBLISHED_COUNTS: { servers: string[]; rules: PublishedCount[]; warnUndeclared: string[] } = {
  servers: ['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31', 'memory-2025-4-25', 'memory-2025-8-4', 'memory-2025-11-25', 'memory-2026-8-31', 'everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2', 'digitalocean-1-0-30'],
  rules: [
    { profile: 'anthropic', rule: 'tool-input-schema-root-combinator', releases: [] },
    { profile: 'anthropic', rule: 'tool-name-format', releases: [] },
    { profile: 'anthropic', rule: 'tool-input-schema-valid', releases: ['dokploy-0-30-2'] },
    { profile: 'openai', rule: 'tool-name-format', releases: [] },
    { profile: 'openai', rule: 'tool-parameters-object-root', releases: ['filesystem-2025-7-29'] },
    { profile: 'openai', rule: 'tool-parameters-array-items', releases: ['digitalocean-1-0-30'] },
    { profile: 'openai', rule: 'tool-parameters-object-properties', releases: ['digitalocean-1-0-30'] },
    { profile: 'openai', rule: 'tool-parameters-valid-schema', releases: ['dokploy-0-30-2'] },
    { profile: 'openai', rule: 'tool-count', releases: ['dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-name-format', releases: [] },
    { profile: 'openai-strict', rule: 'tool-parameters-object-root', releases: ['filesystem-2025-7-29'] },
    { profile: 'openai-strict', rule: 'tool-parameters-array-items', releases: ['digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-parameters-object-properties', releases: ['digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-parameters-valid-schema', releases: ['dokploy-0-30-2'] },
    { profile: 'openai-strict', rule: 'tool-count', releases: ['dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-parameters-closed-objects', releases: ['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31', 'memory-2025-4-25', 'memory-2025-8-4', 'memory-2025-11-25', 'memory-2026-8-31', 'everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-parameters-all-required', releases: ['filesystem-2025-3-28', 'filesystem-2025-11-25', 'filesystem-2026-8-31', 'everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'openai-strict', rule: 'tool-parameters-strict-keywords', releases: ['notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'openai-strict', rule: 'tool-parameters-root-any-of', releases: [] },
    { profile: 'openai-strict', rule: 'tool-parameters-format', releases: ['everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'openai-strict', rule: 'tool-parameters-size', releases: [] },
    { profile: 'gemini', rule: 'tool-name-format', releases: ['digitalocean-1-0-30'] },
    { profile: 'gemini', rule: 'tool-parameters-json-schema-fields', releases: ['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31', 'memory-2025-11-25', 'memory-2026-8-31', 'everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'gemini', rule: 'tool-parameters-unsupported-keywords', releases: ['firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini', rule: 'tool-parameters-type-list', releases: ['notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini', rule: 'tool-parameters-string-format', releases: ['everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini', rule: 'tool-parameters-enum-type', releases: [] },
    { profile: 'gemini', rule: 'tool-parameters-ref', releases: ['notion-2-5-2', 'digitalocean-1-0-30'] },
    { profile: 'gemini', rule: 'tool-parameters-array-items', releases: ['digitalocean-1-0-30'] },
    { profile: 'gemini', rule: 'tool-parameters-properties-type', releases: [] },
    { profile: 'gemini-sanitized', rule: 'tool-name-format', releases: ['digitalocean-1-0-30'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-unsupported-keywords', releases: ['firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-type-list', releases: ['notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-string-format', releases: ['everything-2026-8-31', 'firecrawl-3-26-0', 'notion-2-5-2', 'dokploy-0-30-2'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-enum-type', releases: [] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-ref', releases: ['notion-2-5-2', 'digitalocean-1-0-30'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-array-items', releases: ['digitalocean-1-0-30'] },
    { profile: 'gemini-sanitized', rule: 'tool-parameters-properties-type', releases: [] },
    { profile: 'gemini-json-schema', rule: 'tool-name-format', releases: ['digitalocean-1-0-30'] },
    { profile: 'gemini-json-schema', rule: 'tool-parameters-ref-resolves', releases: [] },
    { profile: 'claude-code', rule: 'tool-name-length', releases: [] },
    { profile: 'claude-connectors', rule: 'tool-name-format', releases: [] },
    { profile: 'cursor', rule: 'tool-name-length', releases: [] },
    { profile: 'vscode-copilot', rule: 'tool-count', releases: ['dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'zed', rule: 'tool-count', releases: ['dokploy-0-30-2', 'digitalocean-1-0-30'] },
    { profile: 'bedrock-converse', rule: 'tool-name-format', releases: [] },
  ],
  warnUndeclared: ['dokploy-0-30-2', 'digitalocean-1-0-30'],
}
