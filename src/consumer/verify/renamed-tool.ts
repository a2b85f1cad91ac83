import { nameSpelling, type RenameEvidence } from '../../diff/diff-tools.js'
import type { Surface, SurfaceTool } from '../../surface/types.js'
import type { ConsumerTool } from '../consumer-contract.js'
import { examplesOf } from './call-examples.js'

/** The live tool a consumer's tool is likely renamed to, and what the pairing rests on, as `tool-renamed` carries it. */
export interface RenamedTool {
  to: string
  by: Exclude<RenameEvidence, 'schemas'>
}

/**
 * The live tool each tool the consumer calls and the server no longer lists was likely renamed
 * to, among the live tools the consumer does not call: the same name spelled another way
 * (`getTinyImage` → `get-tiny-image`), else the one tool whose declared arguments are exactly
 * those the consumer sends (`add` sending `a`, `b` → `get-sum`); each match unique both ways, as
 * the diff pairs a renamed tool. Why: "your agent's calls to add fail" helps more with where they go now.
 * @example likelyRenames(contract.tools, live).get('add') // { to: 'get-sum', by: 'arguments' }
 */
export function likelyRenames(used: readonly ConsumerTool[], live: Surface): Map<string, RenamedTool> {
  const liveTools = live.tools ?? []
  const served = new Set(liveTools.map((tool) => tool.name))
  const calledNames = new Set(used.map((tool) => tool.name))
  const gone = used.filter((tool) => !served.has(tool.name))
  const free = liveTools.filter((tool) => !calledNames.has(tool.name))
  const renames = new Map<string, RenamedTool>()
  const passes: [RenamedTool['by'], (tool: ConsumerTool) => string | undefined, (tool: SurfaceTool) => string | undefined][] = [
    ['spelling', (tool) => nameSpelling(tool.name), (tool) => nameSpelling(tool.name)],
    ['arguments', sentArguments, declaredArguments],
  ]
  for (const [by, usedKey, liveKey] of passes) {
    const left = gone.filter((tool) => !renames.has(tool.name))
    const taken = new Set([...renames.values()].map((rename) => rename.to))
    const candidates = free.filter((tool) => !taken.has(tool.name))
    for (const tool of left) {
      const key = usedKey(tool)
      if (key === undefined) continue
      const matches = candidates.filter((candidate) => liveKey(candidate) === key)
      const rivals = left.filter((other) => usedKey(other) === key)
      if (matches.length === 1 && rivals.length === 1) renames.set(tool.name, { to: matches[0].name, by })
    }
  }
  return renames
}

/** The argument names the consumer sends, over all its examples; `undefined` when it sends none. */
function sentArguments(tool: ConsumerTool): string | undefined {
  const names = new Set(examplesOf(tool).flatMap(({ example }) => (typeof example === 'object' && example !== null && !Array.isArray(example) ? Object.keys(example) : [])))
  return names.size === 0 ? undefined : [...names].sort().join('\0')
}

function declaredArguments(tool: SurfaceTool): string | undefined {
  const properties = typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? (tool.inputSchema as { properties?: object }).properties : undefined
  const names = Object.keys(properties ?? {})
  return names.length === 0 ? undefined : names.sort().join('\0')
}
