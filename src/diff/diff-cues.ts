import type { CueContext } from '../cues/cue.js'
import { destinationsIn } from '../cues/hosts.js'
import { introducedCues } from '../cues/introduced-cues.js'
import type { Json, Schema, Surface, SurfacePrompt, SurfaceTool } from '../surface/types.js'
import type { Detected } from './detected.js'

/** Kinds whose `before`/`after` are the texts themselves: without a cue, the edit is wording only. */
const TEXT_KINDS = new Set([
  'tool-description-changed',
  'tool-title-changed',
  'prompt-description-changed',
  'prompt-title-changed',
  'prompt-argument-description-changed',
  'argument-description-changed',
  'server-instructions-changed',
  'server-identity-changed',
  'resource-metadata-changed',
  'resource-template-metadata-changed',
])

/** The old and new text of one change an agent reads; `before` absent for something added. */
interface ChangedText {
  before?: string
  after: string
}

/**
 * Attaches to each change of a text an agent reads the security cues its new text introduced
 * (`cues`), and marks a changed text that introduced none as `wordingOnly`. Why after detection:
 * each detector stays about its kind; what the texts say is judged once, here, for all of them.
 * Nothing is read when no change touches a text, so an unchanged server costs nothing.
 * @example withCues(detected, recorded, live).find((change) => change.cues)?.cues // [{ cue: 'instruction', evidence: '<IMPORTANT>' }]
 */
export function withCues(changes: Detected[], recorded: Surface, live: Surface): Detected[] {
  let context: CueContext | undefined
  return changes.map((change) => {
    const text = changedText(change, recorded, live)
    if (text !== undefined) {
      context ??= cueContext(recorded, live)
      const cues = introducedCues(text.before, text.after, context)
      if (cues.length > 0) return { ...change, cues }
    }
    // Why a removed text too: taking words away introduces nothing.
    return TEXT_KINDS.has(change.kind) ? { ...change, wordingOnly: true } : change
  })
}

/** The texts a change moves, or undefined when it moves none an agent reads. */
function changedText(change: Detected, recorded: Surface, live: Surface): ChangedText | undefined {
  const view = (surface: Surface) => (change.authorization === undefined ? surface : (surface.authorizations?.[change.authorization] ?? surface))
  switch (change.kind) {
    case 'schema-annotation-changed':
      return change.details?.keyword === 'title' ? pair(change.before, change.after) : undefined
    case 'schema-enum-changed':
    case 'schema-default-changed':
      return pair(valueText(change.before), valueText(change.after))
    case 'argument-added':
    case 'output-field-added':
      return addedText([String(change.path.at(-1) ?? ''), ...schemaTexts(change.after)])
    case 'tool-added': {
      const tool = view(live).tools?.find((candidate) => candidate.name === change.name)
      return tool && addedText(toolTexts(tool))
    }
    case 'tool-renamed': {
      const old = view(recorded).tools?.find((candidate) => candidate.name === change.name)
      const now = view(live).tools?.find((candidate) => candidate.name === change.after)
      return now && pair(old && toolTexts(old).join('\n'), toolTexts(now).join('\n'))
    }
    case 'prompt-added': {
      const prompt = view(live).prompts?.find((candidate) => candidate.name === change.name)
      return prompt && addedText(promptTexts(prompt))
    }
    case 'prompt-argument-added': {
      const argument = view(live).prompts?.find((candidate) => candidate.name === change.name)?.arguments.find((candidate) => candidate.name === change.path[0])
      return argument && addedText([argument.name, argument.title, argument.description])
    }
    case 'resource-added':
    case 'resource-template-added': {
      const items = change.kind === 'resource-added' ? view(live).resources : view(live).resourceTemplates
      const item = items?.find((candidate) => ('uri' in candidate ? candidate.uri : candidate.uriTemplate) === change.name)
      return item && addedText([item.name, item.title, item.description])
    }
    default:
      return TEXT_KINDS.has(change.kind) ? pair(valueText(change.before), valueText(change.after)) : undefined
  }
}

function pair(before: Json | undefined, after: Json | undefined): ChangedText | undefined {
  if (typeof after !== 'string' || after === '') return undefined
  return typeof before === 'string' ? { before, after } : { after }
}

function addedText(texts: (string | undefined)[]): ChangedText | undefined {
  const after = texts.filter((text): text is string => typeof text === 'string' && text !== '').join('\n')
  return after === '' ? undefined : { after }
}

/** A value an agent reads as text: a string, or the strings of a list (an enum). */
function valueText(value: Json | undefined): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string').join('\n')
  return undefined
}

/** The texts of a tool an agent reads: name, title, description, and every text of its schemas. */
function toolTexts(tool: SurfaceTool): string[] {
  return [tool.name, tool.title, tool.description, ...schemaTexts(tool.inputSchema), ...schemaTexts(tool.outputSchema)].filter((text): text is string => text !== undefined)
}

function promptTexts(prompt: SurfacePrompt): (string | undefined)[] {
  return [prompt.name, prompt.title, prompt.description, ...prompt.arguments.flatMap((argument) => [argument.name, argument.title, argument.description])]
}

/** Keywords whose string values an agent reads as words. */
const TEXT_KEYWORDS = new Set(['description', 'title', 'enum', 'const', 'default', 'examples'])

/**
 * Every text a schema shows an agent: property names, descriptions, titles, enum and const values,
 * defaults and examples, at any depth.
 */
export function schemaTexts(schema: Schema | Json | undefined): string[] {
  const texts: string[] = []
  const walk = (node: Json | undefined, depth: number): void => {
    // Why a depth bound: canonical schemas are trees, but a bound costs nothing and no text hides deeper.
    if (depth > 64 || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1))
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, property] of Object.entries(value)) {
          texts.push(name)
          walk(property, depth + 1)
        }
      } else if (TEXT_KEYWORDS.has(key)) {
        texts.push(...(Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string'))
      } else walk(value, depth + 1)
    }
  }
  walk(schema as Json | undefined, 0)
  return texts
}

/**
 * What the rules need to know of the server: its own names (tools, prompts, their arguments, on
 * either side) and its own hosts (those its recorded texts and resources already name, and those
 * whose site is named like the server: `github.com` for `github-mcp-server`).
 */
function cueContext(recorded: Surface, live: Surface): CueContext {
  const siblings = new Set<string>()
  for (const surface of [recorded, live]) {
    for (const tool of surface.tools ?? []) {
      siblings.add(tool.name)
      for (const name of propertyNames(tool.inputSchema)) siblings.add(name)
    }
    for (const prompt of surface.prompts ?? []) {
      siblings.add(prompt.name)
      for (const argument of prompt.arguments) siblings.add(argument.name)
    }
  }
  // Why the recorded side only: a host the new release names is what is being judged.
  const texts = [recorded.server.instructions, ...(recorded.tools ?? []).flatMap(toolTexts), ...(recorded.prompts ?? []).flatMap(promptTexts), ...(recorded.resources ?? []).flatMap((resource) => [resource.uri, resource.description])]
  const ownHosts = new Set(texts.flatMap((text) => (text ? destinationsIn(text).map((found) => found.host) : [])))
  // Why the first word alone: it names the vendor (`github-mcp-server`); later words name the job (`brave-search`).
  const vendor = (recorded.server.name ?? '').toLowerCase().split(/[^a-z0-9]+/).find((word) => word.length >= 3 && !['mcp', 'server', 'modelcontextprotocol'].includes(word))
  if (vendor !== undefined) ownHosts.add(`${vendor}.com`)
  return { siblings: [...siblings], ownHosts: [...ownHosts] }
}

function propertyNames(schema: Schema): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  const properties = (schema as { properties?: Record<string, Json> }).properties
  return properties && typeof properties === 'object' ? Object.keys(properties) : []
}
