/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // The one line mcp-contract needs: registers the matchers and the surface serializer.
  setupFilesAfterEnv: ['mcp-contract/jest'],
  // A stdio server starts as its own process: on a busy CI machine that can outlast Jest's 5 s default.
  testTimeout: 30_000,
}
