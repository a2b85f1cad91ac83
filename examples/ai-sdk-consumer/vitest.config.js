import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'] } })
