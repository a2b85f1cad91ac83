import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { E2eProject } from './support/e2e-project.js'

const run = promisify(execFile)

// Why: the pattern engine is loaded on first use through `createRequire(import.meta.url)`, which
// the CommonJS build only has through a shim; each build must find it as installed.
const DIFF_A_PATTERN = `
const initialize = { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'shop', version: '1.0.0' } }
const surface = (pattern) => normalizeSurface({ initialize, tools: [{ name: 'get_item', inputSchema: { type: 'object', properties: { sku: { type: 'string', pattern } } } }] })
const [change] = diffSurfaces(surface('^[A-Z]+$'), surface('^[A-Z0-9]+$')).changes
console.log(JSON.stringify({ kind: change.kind, relation: change.relation, severity: change.severity }))
`

let project: E2eProject
beforeAll(async () => {
  project = await E2eProject.create('jest', {
    'package.json': JSON.stringify({ name: 'builds', private: true }),
    'diff.cjs': `const { diffSurfaces, normalizeSurface } = require('mcp-contract')\n${DIFF_A_PATTERN}`,
    'diff.mjs': `import { diffSurfaces, normalizeSurface } from 'mcp-contract'\n${DIFF_A_PATTERN}`,
  })
}, 300_000)

afterAll(async () => {
  await project?.remove()
})

test.each(['diff.cjs', 'diff.mjs'])('the installed package (%s) compares a changed pattern as a language', async (script) => {
  const { stdout } = await run(process.execPath, [script], { cwd: project.dir })
  expect(JSON.parse(stdout)).toEqual({ kind: 'schema-pattern-changed', relation: 'widened', severity: 'additive' })
})
