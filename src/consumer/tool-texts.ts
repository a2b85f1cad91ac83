import { createHash } from 'node:crypto'
import { renderPath } from '../surface/render-path.js'
import { stableStringify } from '../surface/stable-json.js'
import type { PathSegment } from '../schema/types.js'
import type { Json, Schema, SurfaceTool } from '../surface/types.js'

/** What an agent reads about one argument (or a field inside one): the texts that steer how it fills it. */
interface ArgumentTexts {
  title?: string
  description?: string
  default?: Json
  enum?: Json[]
}

/** The texts an agent reads about a tool, in the form its digest is taken of. */
export interface ToolTexts {
  title?: string
  description?: string
  /** By argument path as reports print it (`filters.city`, `tags[]`); an argument with no text is still named. */
  arguments: { [path: string]: ArgumentTexts }
}

/**
 * The texts an agent reads about a tool: its title and description, and each argument's name,
 * title, description, default and enum (CyberArk's full-schema poisoning hides in the last three),
 * nested ones by path. Read from the normalized tool, as recording and verifying both see it.
 * @example toolTexts(tool).arguments.q // { description: 'Words to find' }
 */
export function toolTexts(tool: SurfaceTool): ToolTexts {
  const args: ToolTexts['arguments'] = {}
  collectArguments(tool.inputSchema, [], args, 0)
  return { ...(tool.title !== undefined ? { title: tool.title } : {}), ...(tool.description !== undefined ? { description: tool.description } : {}), arguments: args }
}

/**
 * The digest a consumer contract keeps of a tool's texts: sha256 over their canonical JSON (keys
 * sorted), as `sha256:<hex>`. Why a digest and not the texts: it says whether anything the agent
 * reads moved without copying the server's words into every consumer's repository.
 * @example toolTextDigest(tool) // 'sha256:9f86d0…'
 */
export function toolTextDigest(tool: SurfaceTool): string {
  return `sha256:${createHash('sha256').update(stableStringify(toolTexts(tool))).digest('hex')}`
}

/**
 * A tool's texts as one text, a line each, for reading cues in: `description`, `title`, then
 * `argument q: …` lines.
 * @example toolTextLines(tool) // 'Find items.\nargument q: Words to find'
 */
export function toolTextLines(texts: ToolTexts): string {
  const lines = [texts.title, texts.description].filter((text): text is string => text !== undefined)
  for (const [path, argument] of Object.entries(texts.arguments).sort(([a], [b]) => a.localeCompare(b))) {
    const values = [argument.title, argument.description, ...(argument.default !== undefined ? [JSON.stringify(argument.default)] : []), ...(argument.enum ?? []).map((value) => JSON.stringify(value))]
    const said = values.filter((value) => value !== undefined)
    lines.push(said.length > 0 ? `argument ${path}: ${said.join(' · ')}` : `argument ${path}`)
  }
  return lines.join('\n')
}

/** Why a bound: schemas come from the server; a deep one must not cost more than the listing. */
const MAX_DEPTH = 32

function collectArguments(schema: Schema, path: PathSegment[], into: ToolTexts['arguments'], depth: number): void {
  if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH) return
  const node = schema as { properties?: { [name: string]: Schema }; items?: Schema | Schema[] }
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const at: PathSegment[] = [...path, name]
    into[renderPath(at)] = textsOf(child)
    collectArguments(child, at, into, depth + 1)
  }
  const items = Array.isArray(node.items) ? node.items : node.items !== undefined ? [node.items] : []
  for (const item of items) collectArguments(item, [...path, '[]'], into, depth + 1)
}

function textsOf(schema: Schema): ArgumentTexts {
  if (typeof schema !== 'object' || schema === null) return {}
  const node = schema as { title?: unknown; description?: unknown; default?: Json; enum?: Json[] }
  return {
    ...(typeof node.title === 'string' ? { title: node.title } : {}),
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
    ...(node.default !== undefined ? { default: node.default } : {}),
    ...(Array.isArray(node.enum) ? { enum: node.enum } : {}),
  }
}
