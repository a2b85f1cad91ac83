import { defineConfig } from 'tsup'

// Why: Jest's default runtime loads setup files as CommonJS, Vitest wants ESM; one build makes both.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    matchers: 'matchers/index.ts',
    vitest: 'setup/vitest.ts',
    jest: 'setup/jest.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  splitting: true,
  sourcemap: false,
  // Why: the SDK, test runners and parsers are resolved from the user's install, never bundled.
  external: [/^@modelcontextprotocol\//, 'vitest', '@vitest/expect', 'jest', '@jest/globals', 'expect', 'pretty-format', 'ajv', '@apidevtools/json-schema-ref-parser'],
})
