import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The one line mcp-contract needs: registers the matchers and the surface serializer.
    setupFiles: ['mcp-contract/vitest'],
  },
})
