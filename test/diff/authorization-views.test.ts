import { describe, expect, test } from 'vitest'
import { parseContract, serializeContract } from '../../src/contract/contract-file.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { formatReport } from '../../src/report/format-report.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

const search = tool('search', { inputSchema: objectSchema({ q: { type: 'string' } }, ['q']) })
const exportCsv = tool('export_csv')
const dropTable = tool('drop_table')

/** The surface seen with no name, plus each named authorization's. */
const views = (unnamed: typeof search[], named: Record<string, (typeof search)[]>) =>
  surface({ tools: unnamed, authorizations: Object.fromEntries(Object.entries(named).map(([name, tools]) => [name, surface({ tools })])) })

const recorded = views([search], { admin: [search, exportCsv, dropTable], reader: [search, exportCsv] })

describe('named authorizations in the diff', () => {
  test('each authorization is compared with its own record, never with another one', () => {
    expect(diffSurfaces(recorded, views([search], { admin: [search, exportCsv, dropTable], reader: [search, exportCsv] })).changes).toEqual([])
  })

  test('a change inside one authorization names it, in JSON and in words', () => {
    const narrowed = tool('search', { inputSchema: objectSchema({ q: { type: 'string' }, page: { type: 'integer' } }, ['q', 'page']) })
    const report = diffSurfaces(recorded, views([search], { admin: [narrowed, exportCsv, dropTable], reader: [search, exportCsv] }))
    expect(report.changes.map((change) => [change.kind, change.name, change.authorization])).toEqual([['argument-added', 'search', 'admin']])
    expect(formatReport(report, { format: 'text' }).split('\n').slice(0, 2)).toEqual(['tool search (as admin) · 1 breaking', '  breaking  argument-added  page'])
  })

  test('a tool kept for others becomes shown-to (risky); one others still list becomes hidden-from (breaking); the rest stay tool-added and tool-removed', () => {
    const report = diffSurfaces(recorded, views([search], { admin: [search, dropTable, tool('audit')], reader: [search, exportCsv, dropTable] }))
    expect(report.changes.map((change) => [change.kind, change.severity, change.name, change.authorization, change.details?.listedFor])).toEqual([
      ['tool-hidden-from-authorization', 'breaking', 'export_csv', 'admin', 'reader'],
      ['tool-shown-to-authorization', 'risky', 'drop_table', 'reader', 'admin'],
      ['tool-added', 'additive', 'audit', 'admin', undefined],
    ])
    expect(report.ok).toBe(false)
  })

  test('the unnamed view counts as one of the views', () => {
    const report = diffSurfaces(recorded, views([search, dropTable], { admin: [search, exportCsv, dropTable], reader: [search, exportCsv] }))
    expect(report.changes.map((change) => [change.kind, change.name, change.authorization, change.details?.listedFor])).toEqual([['tool-shown-to-authorization', 'drop_table', undefined, 'admin']])
  })

  test('an authorization read on one side only cannot be judged: it is listed as not recorded, never as tools removed', () => {
    const report = diffSurfaces(recorded, views([search], { admin: [search, exportCsv, dropTable], auditor: [search] }))
    expect(report.changes).toEqual([])
    expect(report.notRecorded.map((place) => place.reason)).toMatchInlineSnapshot(`
      [
        "the contract records the surface as seen by the authorization "reader", but it was not read this time; give its credentials (--as reader --bearer-env VAR, or "authorizations" in mcp-contract.config.json) to check it",
        "the server was read as the authorization "auditor", which the contract does not record; record it with mcp-contract snapshot --as auditor",
      ]
    `)
  })
})

describe('the contract format with named authorizations', () => {
  test('a contract with authorizations is format 2 and reads back; one without stays format 1', () => {
    const text = serializeContract(recorded)
    expect(JSON.parse(text).format).toBe(2)
    expect(parseContract(text)).toEqual(recorded)
    expect(JSON.parse(serializeContract(surface({ tools: [search] }))).format).toBe(1)
  })

  test('an authorization name that is not a plain word, or a view of the wrong shape, is refused with what to fix', () => {
    const badName = JSON.stringify({ format: 2, server: { capabilities: {} }, authorizations: { 'Bearer abc': { server: { capabilities: {} } } } })
    expect(() => parseContract(badName, 'mcp-contract.json')).toThrowErrorMatchingInlineSnapshot(`[ContractFileError: mcp-contract.json is not a valid mcp-contract file: authorizations has the key "Bearer abc", which is not a valid name (a letter or digit, then letters, digits, _, . or -). Fix that value (mcp-contract.schema.json in the package describes the format), restore the file from version control, or record it again with \`mcp-contract snapshot\`.]`)
    const noServer = JSON.stringify({ format: 2, server: { capabilities: {} }, authorizations: { admin: { tools: [] } } })
    expect(() => parseContract(noServer, 'mcp-contract.json')).toThrowErrorMatchingInlineSnapshot(`[ContractFileError: mcp-contract.json is not a valid mcp-contract file: authorizations.admin has no "server". Fix that value (mcp-contract.schema.json in the package describes the format), restore the file from version control, or record it again with \`mcp-contract snapshot\`.]`)
  })
})
