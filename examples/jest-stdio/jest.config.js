/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // The one line mcp-contract needs: registers the matchers and the surface serializer.
  setupFilesAfterEnv: ['mcp-contract/jest'],
}
