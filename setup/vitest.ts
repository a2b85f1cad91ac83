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

// Why `Chai.Assertion`, not vitest's `Matchers`: Vitest 4 declares `Matchers<T>` and Vitest 5
// `Matchers<R, T>`, and TypeScript merges an interface only with identical type parameters, so
// no one augmentation of `Matchers` compiles on both. Both build `expect()`'s `Assertion` (and
// `expect.soft`, `expect.poll`, `.resolves`) by mapping over `Chai.Assertion`, so a member added
// there reaches every form of `expect` on either major.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Chai {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Assertion extends McpContractMatchers<void> {}
  }
}

export type { ConsumerVerification, McpContractMatchers } from '../matchers/matcher-types.js'
export type { Policy, Severity, Surface } from '../matchers/index.js'
