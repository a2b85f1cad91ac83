/**
 * Registers mcp-contract's matchers and surface serializer with Vitest.
 * @example // vitest.config.ts
 * export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'] } })
 */
// Why one import and nothing else: Vitest runs a setup file through its module runner, which
// transforms it and resolves each of its imports with a round trip to its main process, while
// the module imported here sits in node_modules and loads natively (see tsup.config.ts).
import './register-vitest.js'
import type { McpContractMatchers } from '../matchers/matcher-types.js'

// Why `Matchers`, not `Assertion`: vitest re-exports `Assertion`, and an interface merged through a re-export is not seen.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends McpContractMatchers<void> {}
}

export type { McpContractMatchers } from '../matchers/matcher-types.js'
export type { Policy, Severity, Surface } from '../matchers/index.js'
