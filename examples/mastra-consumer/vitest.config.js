import { defineConfig } from 'vitest/config'

// Why 30 s: the consumer test starts npx, the recording proxy and the server, three processes, before its first call.
export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'], testTimeout: 30_000 } })
