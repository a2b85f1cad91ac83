import { schemaValidator } from '../../contract/schema-validator.js'
import { diffSurfaces, reportChanges, type DiffReport } from '../../diff/diff-surfaces.js'
import type { Detected } from '../../diff/detected.js'
import type { Policy } from '../../diff/policy.js'
import type { Surface, SurfacePrompt, SurfaceResource, SurfaceTool } from '../../surface/types.js'
import type { ConsumerContract } from '../consumer-contract.js'
import { matchesUriTemplate } from '../../surface/match-uri-template.js'
import { schemaDeclaresPath } from '../schema-declares-path.js'
import { sdkTemplateServes } from './sdk-uri-template.js'
import { sliceSchema } from '../slice-schema.js'
import { parseReadPath } from '../track-reads.js'
import { renamedFrom } from './renamed-argument.js'
import { likelyRenames } from './renamed-tool.js'
import { callExamples, examplesOf, type LiveCalls, type NotCalled } from './call-examples.js'
import type { ConsumerExample, ConsumerTool } from '../consumer-contract.js'
import { toolTextDigest, toolTextLines, toolTexts } from '../tool-texts.js'
import { cuesIn } from '../../cues/introduced-cues.js'

/** True for a recorded call (tool, arguments, state) the consumer expects the server to refuse. */
export type RefusalExpected = (tool: string, example: ConsumerExample, given: string | undefined) => boolean

/** A consumer's verdict: the classified changes, and with live calls, what was and was not called. */
export interface ConsumerReport extends DiffReport {
  /** With live calls: how many recorded examples were called. */
  called?: number
  /** With live calls: the recorded examples listed instead of called, and why. */
  notCalled?: NotCalled[]
}

/**
 * Judges a live server against one consumer contract, from that consumer's side only: every
 * tool, prompt and resource it uses still exists; every recorded argument example is still valid
 * under the live inputSchema; every output field it reads is still guaranteed with a type no
 * wider (the engine's output judgement on the slice of the schema the consumer reads); every hint
 * it relied on did not reverse. A field only the model saw (a framework serialised the output
 * whole, `seen`) that the live schema no longer declares is risky. A contract recorded from the
 * wire (`readsObserved: false`) holds no observed reads: its tools' outputs are judged by their
 * presence (and any declared reads), never by guessed reads. What the consumer does not use may change freely.
 * With `calls` (and only then) each used tool is called with each recorded example that may be
 * called (see `callExamples`), and its answers judged.
 * `refusalExpected` names the examples the consumer expects the server to refuse (a pact
 * interaction that expects a JSON-RPC error): the live inputSchema refusing them is no break, and
 * with `calls` they are called like the others, for `calls.judge` to judge the refusal.
 * @example verifyConsumer(await readConsumerContract('contracts/checkout.mcp-consumer.json'), live).ok
 */
export async function verifyConsumer(contract: ConsumerContract, live: Surface, policy: Policy = {}, calls?: LiveCalls, refusalExpected?: RefusalExpected): Promise<ConsumerReport> {
  const liveTools = new Map((live.tools ?? []).map((tool) => [tool.name, tool]))
  const livePrompts = new Map((live.prompts ?? []).map((prompt) => [prompt.name, prompt]))
  const recordedView: Surface = { server: { capabilities: {} }, notRecorded: [], tools: [], prompts: [], resources: [] }
  const liveView: Surface = { server: { capabilities: {} }, notRecorded: [], tools: [], prompts: [], resources: [] }
  const detected: Detected[] = []
  const validator = await schemaValidator()
  const rejected = new Set<ConsumerExample>()

  for (const used of contract.tools) {
    const now = liveTools.get(used.name)
    const paths = used.reads.map(parseReadPath)
    // Why the live inputSchema on both sides: inputs are judged by the recorded examples, below.
    const inputSchema = now?.inputSchema ?? { type: 'object' }
    const base = { name: used.name, inputSchema, taskSupport: now?.taskSupport ?? 'forbidden' } as const
    const hints = used.hints ?? now?.hints
    if (hints === undefined) {
      // Why: the consumer called a tool the server never listed; it still must exist.
      detected.push({ kind: 'tool-removed', entity: 'tool', name: used.name, path: [] })
      continue
    }
    recordedView.tools!.push({ ...base, hints, ...(used.output !== undefined ? { outputSchema: used.output } : {}) } as SurfaceTool)
    if (now === undefined) continue
    const texts = changedTexts(used, now, contract.consumer, live)
    if (texts !== undefined) detected.push(texts)
    const output = used.output === undefined ? undefined : now.outputSchema === undefined ? undefined : sliceSchema(now.outputSchema, paths)
    liveView.tools!.push({ ...base, hints: now.hints, ...(output !== undefined ? { outputSchema: output } : {}) } as SurfaceTool)
    for (const seen of used.seen ?? []) {
      const path = parseReadPath(seen)
      // Why no output schema counts as none declared: the server no longer promises any field.
      if (schemaDeclaresPath(now.outputSchema ?? { properties: {} }, path)) continue
      detected.push({ kind: 'consumer-seen-field-removed', entity: 'tool', name: used.name, direction: 'output', path, details: { consumer: contract.consumer } })
    }
    const compiled = validator.compile(now.inputSchema)
    for (const { example, given } of examplesOf(used)) {
      const verdict = 'check' in compiled ? compiled.check(example) : `the live inputSchema does not compile: ${compiled.failure}`
      if (verdict === true || refusalExpected?.(used.name, example, given) === true) continue
      rejected.add(example)
      const first = verdict.split('\n')[0]
      const at = first.lastIndexOf(' at ')
      const path = at === -1 ? [] : parseReadPath(first.slice(at + 4))
      // Why: a required argument where the consumer sends one the schema no longer declares is most often that one renamed.
      const renamed = first.startsWith('is required at ') ? renamedFrom(example, now.inputSchema, path) : undefined
      detected.push({
        kind: 'consumer-example-rejected',
        entity: 'tool',
        name: used.name,
        direction: 'input',
        path,
        details: { consumer: contract.consumer, example: JSON.stringify(example), ...(given !== undefined ? { given } : {}), errors: verdict, ...(renamed !== undefined ? { renamedFrom: renamed } : {}) },
      })
    }
  }

  for (const used of contract.prompts) {
    recordedView.prompts!.push({ name: used.name, arguments: [] })
    const now = livePrompts.get(used.name)
    // Why: an argument the consumer passes is no news; one it does not pass is judged as added.
    if (now !== undefined) liveView.prompts!.push({ name: used.name, arguments: now.arguments.filter((argument) => !used.arguments.includes(argument.name)) } as SurfacePrompt)
  }

  for (const used of contract.resources) {
    recordedView.resources!.push({ uri: used.uri } as SurfaceResource)
    if (!servesUri(live, used.uri)) continue
    liveView.resources!.push({ uri: used.uri } as SurfaceResource)
    const template = sdkRefusal(live, used.uri)
    if (template !== undefined) detected.push({ kind: 'consumer-resource-refused-by-sdk', entity: 'resource', name: used.uri, path: [], details: { consumer: contract.consumer, template } })
  }

  const views = diffSurfaces(recordedView, liveView, { ...policy, profiles: [] })
  const renames = likelyRenames(contract.tools, live)
  // Why the removal becomes a rename: the consumer's calls still fail, and the report can say where they go now.
  const viewChanges: Detected[] = views.changes.map(({ severity: _severity, ...change }) => {
    const rename = change.kind === 'tool-removed' ? renames.get(change.name) : undefined
    return rename === undefined ? change : { ...change, kind: 'tool-renamed', before: change.name, after: rename.to, details: { to: rename.to, by: rename.by } }
  })
  if (calls === undefined) return reportChanges([...viewChanges, ...detected], { ...policy, profiles: [] }, views.notRecorded)
  const outcome = await callExamples(contract, liveTools, calls, (_tool, example) => !rejected.has(example))
  const called = contract.tools.reduce((count, tool) => count + (liveTools.has(tool.name) ? examplesOf(tool).length : 0), 0) - outcome.notCalled.length
  return { ...reportChanges([...viewChanges, ...detected, ...outcome.detected], { ...policy, profiles: [] }, views.notRecorded), called, notCalled: outcome.notCalled }
}

/**
 * The change of a used tool whose texts no longer match the digest recorded (`textDigest`), with
 * the current texts as `after`; `undefined` when they match or no digest was recorded.
 */
function changedTexts(used: ConsumerTool, now: SurfaceTool, consumer: string, live: Surface): Detected | undefined {
  if (used.textDigest === undefined || toolTextDigest(now) === used.textDigest) return undefined
  const text = toolTextLines(toolTexts(now))
  // Why every cue of the text: the contract keeps no old text to tell what is new; the message says so.
  const siblings = [...(live.tools ?? []).map((tool) => tool.name), ...(live.prompts ?? []).map((prompt) => prompt.name), ...Object.keys(toolTexts(now).arguments)]
  const cues = cuesIn(text, { siblings, ownHosts: [] })
  return { kind: 'consumer-tool-text-changed', entity: 'tool', name: used.name, path: [], after: text, details: { consumer }, ...(cues.length > 0 ? { cues } : {}) }
}

/** True when the server lists the uri as a resource or one of its templates can expand to it (RFC 6570, levels 1–4). */
function servesUri(live: Surface, uri: string): boolean {
  if ((live.resources ?? []).some((resource) => resource.uri === uri)) return true
  return (live.resourceTemplates ?? []).some((template) => matchesUriTemplate(template.uriTemplate, uri))
}

/**
 * The template through which the uri is served by RFC 6570 but by no template under the TypeScript
 * SDK's matcher; undefined when a listed resource or an SDK match serves it.
 * Why: verify and the mock judge by RFC 6570; an SDK-built server refuses some of those reads.
 */
function sdkRefusal(live: Surface, uri: string): string | undefined {
  if ((live.resources ?? []).some((resource) => resource.uri === uri)) return undefined
  const matching = (live.resourceTemplates ?? []).filter((template) => matchesUriTemplate(template.uriTemplate, uri))
  if (matching.some((template) => sdkTemplateServes(template.uriTemplate, uri))) return undefined
  return matching[0]?.uriTemplate
}
