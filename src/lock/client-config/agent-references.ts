import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { glob } from 'tinyglobby'
import type { AgentReference } from './types.js'

/**
 * Where Claude Code reads agent definitions that name tools: subagents' front-matter `tools:`
 * (https://code.claude.com/docs/en/sub-agents), skills' `allowed-tools` (https://code.claude.com/docs/en/skills)
 * and slash commands' `allowed-tools` (https://code.claude.com/docs/en/slash-commands); MCP tools are
 * named `mcp__<server>__<tool>` (https://code.claude.com/docs/en/mcp).
 */
export const AGENT_DEFINITIONS = ['.claude/agents/**/*.md', '.claude/skills/*/SKILL.md', '.claude/commands/**/*.md']

// Why the whole file, not only the front matter: a skill's or an agent's body tells the model to call
// `mcp__github__create_issue` as surely as its `tools:` list allows it; both break when the tool goes.
const MCP_TOOL_NAME = /\bmcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)__([A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)/g

/**
 * The MCP tools named in a repository's agent definitions ({@link AGENT_DEFINITIONS}): each
 * `mcp__server__tool` once per file, at its first line, in file order. A whole-server grant
 * (`mcp__github`) or a wildcard names no tool and is not listed.
 * @example await findAgentReferences(process.cwd()) // [{ server: 'github', tool: 'create_issue', file: '.claude/agents/triage.md', line: 4 }]
 */
export async function findAgentReferences(root: string): Promise<AgentReference[]> {
  const files = (await glob(AGENT_DEFINITIONS, { cwd: root, dot: true, onlyFiles: true })).sort()
  const references: AgentReference[] = []
  for (const file of files) {
    const text = await readFile(resolve(root, file), 'utf8')
    const seen = new Set<string>()
    text.split(/\r?\n/).forEach((content, index) => {
      for (const [, server = '', tool = ''] of content.matchAll(MCP_TOOL_NAME)) {
        const key = `${server}\0${tool}`
        if (seen.has(key)) continue
        seen.add(key)
        references.push({ server, tool, file, line: index + 1 })
      }
    })
  }
  return references
}
