import { defineConfig } from 'vitest/config'

// mockServer needs no setup file; add `setupFiles: ['mcp-contract/vitest']` for the matchers.
export default defineConfig({ test: {} })
