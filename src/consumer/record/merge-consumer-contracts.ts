import type { Schema } from '../../surface/types.js'
import type { ConsumerContract, ConsumerExample, ConsumerTool } from '../consumer-contract.js'
import { assertSameConsumer, ConsumerContractError, consumerContractFormatOf } from '../consumer-contract-format.js'
import { shapeOf } from '../example-shape.js'

/** Options of {@link mergeConsumerContracts}. */
export interface MergeOptions {
  /** At most this many examples per tool (and per state), one per argument shape. Default 5. */
  maxExamples?: number
  /** How the file holding `into` is named in an error (default "the consumer contract"). */
  source?: string
}

/**
 * One consumer contract holding the uses of both: every tool, prompt and resource of either; per
 * tool the examples of both (one per argument shape, `into`'s first, within the cap, per state
 * too), the fields read by either, and their output slices joined. Both must name the same
 * consumer and, where both name one, the same provider.
 * Recorded from the wire (`readsObserved: false`) on either side makes the merge so too.
 * Why: several test processes of one consumer record into one file; none may lose another's uses.
 * @throws ConsumerContractError when the consumers or the providers differ
 * @example mergeConsumerContracts(await readConsumerContract(file), recorded, { maxExamples: 5 })
 */
export function mergeConsumerContracts(into: ConsumerContract, added: ConsumerContract, options: MergeOptions = {}): ConsumerContract {
  const source = options.source ?? 'the consumer contract'
  assertSameConsumer(source, into.consumer, added.consumer)
  if (into.provider !== undefined && added.provider !== undefined && into.provider !== added.provider) {
    throw new ConsumerContractError(
      `${source} was recorded against provider "${into.provider}", this recording against "${added.provider}"; one file holds the uses of one provider. Record the uses of "${added.provider}" to another file.`,
    )
  }
  const cap = options.maxExamples ?? 5
  const provider = into.provider ?? added.provider
  const { readsObserved: _into, ...intoRest } = into
  const { readsObserved: _added, ...addedRest } = added
  // Why spread both: a field this version does not merge (a newer recorder's) is kept, not dropped.
  const merged: ConsumerContract = {
    ...intoRest,
    ...addedRest,
    ...(provider !== undefined ? { provider } : {}),
    // Why not observed when either was not: the reads of one cannot stand for the other's, and verify never judges guessed reads.
    ...(into.readsObserved === false || added.readsObserved === false ? { readsObserved: false as const } : {}),
    tools: unionBy(into.tools, added.tools, (tool) => tool.name, (a, b) => mergeTool(a, b, cap)),
    prompts: unionBy(into.prompts, added.prompts, (prompt) => prompt.name, (a, b) => ({ ...a, ...b, arguments: [...new Set([...a.arguments, ...b.arguments])] })),
    resources: unionBy(into.resources, added.resources, (resource) => resource.uri, (a, b) => ({ ...a, ...b })),
  }
  return { ...merged, format: consumerContractFormatOf(merged) }
}

function mergeTool(a: ConsumerTool, b: ConsumerTool, cap: number): ConsumerTool {
  const states = [...new Set([...Object.keys(a.given ?? {}), ...Object.keys(b.given ?? {})])]
  const given = Object.fromEntries(states.map((state) => [state, mergeExamples(a.given?.[state] ?? [], b.given?.[state] ?? [], cap)]))
  const hints = b.hints ?? a.hints
  const textDigest = b.textDigest ?? a.textDigest
  const output = a.output === undefined ? b.output : b.output === undefined ? a.output : mergeSlices(a.output, b.output)
  const reads = [...new Set([...a.reads, ...b.reads])].sort()
  // Why seen less reads: a field one recording read is read, whatever the other only saw.
  const seen = a.seen === undefined && b.seen === undefined ? undefined : [...new Set([...(a.seen ?? []), ...(b.seen ?? [])])].filter((path) => !reads.includes(path)).sort()
  return {
    ...a,
    ...b,
    examples: mergeExamples(a.examples, b.examples, cap),
    ...(states.length > 0 ? { given } : {}),
    reads,
    ...(seen !== undefined ? { seen } : {}),
    ...(hints !== undefined ? { hints } : {}),
    ...(textDigest !== undefined ? { textDigest } : {}),
    ...(output !== undefined ? { output } : {}),
  }
}

/** The examples of both, one per argument shape, the first list's first, at most `cap`. */
function mergeExamples(a: ConsumerExample[], b: ConsumerExample[], cap: number): ConsumerExample[] {
  const byShape = new Map<string, ConsumerExample>()
  for (const example of [...a, ...b]) {
    const shape = shapeOf(example)
    if (!byShape.has(shape) && byShape.size < cap) byShape.set(shape, example)
  }
  return [...byShape.values()]
}

/**
 * Two slices of a tool's output schema joined: the properties, required names and item schemas
 * either relies on; any other keyword as the later slice has it (the later recording saw the
 * newer schema).
 */
function mergeSlices(a: Schema, b: Schema): Schema {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return b
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const merged: Record<string, unknown> = { ...left, ...right }
  const leftProperties = left.properties as Record<string, Schema> | undefined
  const rightProperties = right.properties as Record<string, Schema> | undefined
  if (leftProperties !== undefined && rightProperties !== undefined) {
    const names = [...new Set([...Object.keys(leftProperties), ...Object.keys(rightProperties)])]
    merged.properties = Object.fromEntries(
      names.map((name) => [name, name in leftProperties && name in rightProperties ? mergeSlices(leftProperties[name], rightProperties[name]) : (rightProperties[name] ?? leftProperties[name])]),
    )
  }
  if (Array.isArray(left.required) && Array.isArray(right.required)) merged.required = [...new Set([...(left.required as string[]), ...(right.required as string[])])]
  if (isSchemaObject(left.items) && isSchemaObject(right.items)) merged.items = mergeSlices(left.items as Schema, right.items as Schema)
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const [x, y] = [left[keyword], right[keyword]]
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) merged[keyword] = x.map((branch, index) => mergeSlices(branch as Schema, y[index] as Schema))
  }
  return merged as Schema
}

function isSchemaObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Both lists, paired by key: an item in both is merged, the rest kept in order (the first list's first). */
function unionBy<T>(a: readonly T[], b: readonly T[], key: (item: T) => string, merge: (left: T, right: T) => T): T[] {
  const byKey = new Map<string, T>()
  for (const item of a) byKey.set(key(item), item)
  for (const item of b) {
    const existing = byKey.get(key(item))
    byKey.set(key(item), existing === undefined ? item : merge(existing, item))
  }
  return [...byKey.values()]
}
