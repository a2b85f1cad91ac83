import { expect, test } from 'vitest'
import { findAgentReferences } from '../../src/lock/client-config/agent-references.js'
import { projectWith } from '../support/temporary-project.js'

// Formats from Claude Code's documentation: subagents (https://code.claude.com/docs/en/sub-agents),
// skills (https://code.claude.com/docs/en/skills), slash commands (https://code.claude.com/docs/en/slash-commands).
const files = {
  '.claude/agents/triage.md': [
    '---',
    'name: triage',
    'description: Sorts new issues. Use proactively when issues arrive.',
    'tools: Read, Grep, mcp__github__list_issues, mcp__github__add_labels',
    '---',
    '',
    'You sort issues. Read each with mcp__github__get_issue, then call mcp__github__add_labels.',
    'Never call mcp__linear-server__create_issue.',
  ].join('\n'),
  '.claude/skills/release-notes/SKILL.md': [
    '---',
    'name: release-notes',
    'description: Writes release notes from merged pull requests.',
    'allowed-tools:',
    '  - mcp__github__list_pull_requests',
    '  - mcp__my_memory__read_graph',
    '  - mcp__github',
    '---',
    'Summarise with mcp__github__list_pull_requests.',
  ].join('\n'),
  '.claude/commands/sync.md': ['---', 'allowed-tools: Bash(git:*), mcp__notion__notion-search', '---', 'Sync.'].join('\n'),
  '.claude/agents/README.txt': 'mcp__ignored__tool',
  'docs/agents.md': 'mcp__ignored__tool',
}

test('tools: lists, allowed-tools and mcp__server__tool names in the bodies, each once per file with its first line', async () => {
  const root = await projectWith(files)
  expect(await findAgentReferences(root)).toEqual([
    { server: 'github', tool: 'list_issues', file: '.claude/agents/triage.md', line: 4 },
    { server: 'github', tool: 'add_labels', file: '.claude/agents/triage.md', line: 4 },
    { server: 'github', tool: 'get_issue', file: '.claude/agents/triage.md', line: 7 },
    { server: 'linear-server', tool: 'create_issue', file: '.claude/agents/triage.md', line: 8 },
    { server: 'notion', tool: 'notion-search', file: '.claude/commands/sync.md', line: 2 },
    { server: 'github', tool: 'list_pull_requests', file: '.claude/skills/release-notes/SKILL.md', line: 5 },
    { server: 'my_memory', tool: 'read_graph', file: '.claude/skills/release-notes/SKILL.md', line: 6 },
  ])
})

test('a repository without agent definitions names nothing', async () => {
  const root = await projectWith({ 'README.md': '# x' })
  expect(await findAgentReferences(root)).toEqual([])
})
