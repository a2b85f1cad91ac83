import { defineConfig } from 'vitest/config'

// Why 30 s: the consumer test starts the server and loads Mastra's agent before its first call.
export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'], testTimeout: 30_000 } })
