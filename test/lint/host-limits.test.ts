/**
 * Host limits: each host profile judges one server as lint judges any profile (the tools it lists,
 * a name with the shortest server name a host could give it), and `judgeHostLimits` judges a whole
 * client config: every server's tools together, and the names the config gives the servers.
 */
import { describe, expect, test } from 'vitest'
import { judgeHostLimits } from '../../src/lint/host-limits.js'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { formatLint } from '../../src/report/format-lint.js'
import type { RawSurface } from '../../src/surface/types.js'

const tools = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ name: `${prefix}_${index}`, inputSchema: { type: 'object', properties: {} } }))

describe('one server', () => {
  test('cursor, claude-code and claude-connectors judge names; vscode-copilot and zed the count', () => {
    const raw = { tools: [...tools('op', 129), { name: 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER', inputSchema: { type: "object", properties: {} } }], initialize: {} } as RawSurface
    const report = lintSurface({ raw }, ['cursor', 'claude-code', 'claude-connectors', 'vscode-copilot', 'zed'])
    expect(report.violations.map((violation) => `${violation.profile} ${violation.rule} ${violation.name}: ${violation.detail}`)).toEqual([
      'cursor tool-name-length GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER: sGOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER is 60 characters even with a one-letter server name, past 59',
      'cursor tool-count op_80: tool 81 of 130, past 80',
      ...Array.from({ length: 49 }, (_, index) => `cursor tool-count ${index < 48 ? `op_${index + 81}` : 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER'}: tool ${index + 82} of 130, past 80`),
      'claude-code tool-name-length GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER: mcp__s__GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER is 67 characters even with a one-letter server name, past 64',
      'vscode-copilot tool-count op_128: tool 129 of 130, past 128',
      'vscode-copilot tool-count GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER: tool 130 of 130, past 128',
      'zed tool-count op_128: tool 129 of 130, past 128',
      'zed tool-count GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER: tool 130 of 130, past 128',
    ])
  })

  test('lint --profile cursor names the host, what its users see, the way out and the source', () => {
    const raw = { tools: [{ name: 'GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER', inputSchema: { type: "object", properties: {} } }], initialize: {} } as RawSurface
    expect(formatLint(lintSurface({ raw }, ['cursor']))).toMatchInlineSnapshot(`
      "cursor — Cursor (its agent): combined server and tool name length, tools sent to the agent
        when an error rule is broken, Cursor filters the tool out ("Some tools have naming issues and may be filtered out"): its agent never sees it
        error tool-name-length (1)
            Cursor filters out a tool whose server name and tool name together reach 60 characters ("g: GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER – Combined server and tool name length (60) exceeds 60 characters"): its agent never sees the tool.
            instead: shorten the tool name so that with the server name users give it stays under 60 characters: 40 characters or fewer leaves room for most server names
            source: ComposioHQ/composio #2788 (Cursor's warning, quoted); idosal/git-mcp #31 and #163; awslabs/mcp #1283; nrwl/nx-console #2876 (tools renamed to fit) <https://github.com/ComposioHQ/composio/issues/2788>
          GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER → name: sGOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER is 60 characters even with a one-letter server name, past 59
      1 error · 0 warnings in 1 profile — fails
      "
    `)
  })
})

describe('judgeHostLimits: a whole client config', () => {
  test('70 and 60 tools pass each server alone and break 128 together; the tools past the cap are the last in config order', () => {
    const found = judgeHostLimits([
      { name: 'github', tools: tools('gh', 70) },
      { name: 'jira', tools: tools('jira', 60) },
    ])
    expect(found.filter((violation) => violation.severity === 'error').map((violation) => `${violation.profile} ${violation.rule} ${violation.server}/${violation.tool}`)).toEqual([
      'vscode-copilot tool-count jira/jira_58',
      'vscode-copilot tool-count jira/jira_59',
      'zed tool-count jira/jira_58',
      'zed tool-count jira/jira_59',
      'openai tool-count jira/jira_58',
      'openai tool-count jira/jira_59',
    ])
    expect(found.filter((violation) => violation.profile === 'cursor').length).toBe(50)
  })

  test('names are built from the name the config gives the server', () => {
    const name = 'get_cloudformation_pre_deploy_validation_instructions'
    const found = judgeHostLimits([{ name: 'aws-iac-mcp-server', tools: [{ name }] }, { name: 'x', tools: [{ name: 'get_items' }] }], ['cursor', 'claude-code'])
    expect(found.map((violation) => `${violation.profile} ${violation.server}: ${violation.detail}`)).toEqual([
      `cursor aws-iac-mcp-server: aws-iac-mcp-server${name} is 71 characters, past 59`,
      `claude-code aws-iac-mcp-server: mcp__aws-iac-mcp-server__${name} is 78 characters, past 64`,
    ])
  })

  test("a model API adds its count only: its schema rules are each server's lint's", () => {
    expect(judgeHostLimits([{ name: 's', tools: [{ name: 'get.items' }] }], ['openai', 'anthropic'])).toEqual([])
  })
})
