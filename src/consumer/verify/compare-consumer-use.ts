import type { Detected } from '../../diff/detected.js'
import type { Entity, Surface, SurfaceTool } from '../../surface/types.js'
import type { ConsumerContract } from '../consumer-contract.js'
import { shapeOf } from '../example-shape.js'
import { parseReadPath } from '../track-reads.js'

/**
 * What a consumer uses now that it did not before, and what it stopped using: one change per
 * tool, output field, argument shape, prompt, prompt argument and resource; and each tool it
 * still calls whose texts moved between the two recordings (their digests differ).
 * @example compareConsumerUse(recorded, now) // [{ kind: 'consumer-use-added', name: 'search_products', path: ['items', '[]', 'name'], details: { use: 'read' } }]
 */
export function compareConsumerUse(before: ConsumerContract, after: ConsumerContract): Detected[] {
  const uses = (contract: ConsumerContract) => {
    const list: Use[] = []
    for (const tool of contract.tools) {
      list.push({ entity: 'tool', name: tool.name, path: [], use: 'tool' })
      for (const read of tool.reads) list.push({ entity: 'tool', name: tool.name, path: parseReadPath(read), use: 'read' })
      for (const example of tool.examples) list.push({ entity: 'tool', name: tool.name, path: [shapeOf(example)], use: 'example' })
      for (const [given, examples] of Object.entries(tool.given ?? {})) {
        for (const example of examples) list.push({ entity: 'tool', name: tool.name, path: [shapeOf(example)], use: 'example', given })
      }
    }
    for (const prompt of contract.prompts) {
      list.push({ entity: 'prompt', name: prompt.name, path: [], use: 'prompt' })
      for (const argument of prompt.arguments) list.push({ entity: 'prompt', name: prompt.name, path: [argument], use: 'prompt-argument' })
    }
    for (const resource of contract.resources) list.push({ entity: 'resource', name: resource.uri, path: [], use: 'resource' })
    return new Map(list.map((use) => [JSON.stringify([use.entity, use.name, use.use, use.path, use.given ?? null]), use]))
  }
  const old = uses(before)
  const now = uses(after)
  const detected: Detected[] = []
  const change = (kind: string, use: Use): Detected => ({
    kind,
    entity: use.entity,
    name: use.name,
    // Why: an argument shape is not a place in the schema; it is told in the details instead.
    path: use.use === 'example' ? [] : use.path,
    details: use.use === 'example' ? { use: use.use, shape: use.path[0], ...(use.given !== undefined ? { given: use.given } : {}) } : { use: use.use },
  })
  for (const [key, use] of now) if (!old.has(key)) detected.push(change('consumer-use-added', use))
  for (const [key, use] of old) if (!now.has(key)) detected.push(change('consumer-use-removed', use))
  const digests = new Map(before.tools.map((tool) => [tool.name, tool.textDigest]))
  for (const tool of after.tools) {
    const recorded = digests.get(tool.name)
    // Why both sides: a digest one recording lacks (an older file, a framework's rebuilt listing) says nothing moved.
    if (recorded !== undefined && tool.textDigest !== undefined && recorded !== tool.textDigest) {
      detected.push({ kind: 'consumer-tool-text-changed', entity: 'tool', name: tool.name, path: [], details: { consumer: after.consumer } })
    }
  }
  return detected
}

/** One thing a consumer uses; `given` is the state an example was sent in. */
interface Use {
  entity: Entity
  name: string
  path: string[]
  use: string
  given?: string
}

/**
 * What a consumer saw of the tools it calls, as a surface: each tool's hints and the slice of its
 * output schema the consumer reads, nothing else. Diffing two of them says what changed in what
 * the consumer saw when what it uses did not (a hint reversed, a field it reads retyped), by tool
 * and hint, in the engine's own words.
 * @example diffSurfaces(seenSurface(recorded), seenSurface(now)).changes // [{ kind: 'hint-reversed', name: 'search_products', … }]
 */
export function seenSurface(contract: ConsumerContract): Surface {
  const tools = contract.tools.flatMap((tool): SurfaceTool[] =>
    tool.hints === undefined ? [] : [{ name: tool.name, inputSchema: { type: 'object' }, hints: tool.hints, taskSupport: 'forbidden', ...(tool.output !== undefined ? { outputSchema: tool.output } : {}) }],
  )
  return { server: { capabilities: {} }, notRecorded: [], tools }
}
