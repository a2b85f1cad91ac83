import { schemaValidator } from '../../contract/schema-validator.js'
import type { Detected } from '../../diff/detected.js'
import type { PathSegment } from '../../schema/types.js'
import type { SurfaceTool } from '../../surface/types.js'
import type { ConsumerContract, ConsumerExample, ConsumerTool } from '../consumer-contract.js'
import { parseReadPath } from '../track-reads.js'

/** Calls one tool on the live server; resolves with its result as sent, rejects on a protocol error or timeout. */
export type CallTool = (name: string, args: ConsumerExample) => Promise<Record<string, unknown>>

/** Sets the server up in a named state before an example recorded in it is called. */
export type StateHandler = () => unknown

/** Live verification: how to call the server, and what may be called. Nothing is called without it. */
export interface LiveCalls {
  callTool: CallTool
  /** Also call tools the server does not mark read-only (`readOnlyHint: true`). Default false. */
  allowDestructive?: boolean
  /** The provider's handlers, by state name (`'cart has 2 items'`), run before each example recorded in that state. */
  states?: { [state: string]: StateHandler }
  /**
   * The separate states a recorded state name stands for, in order, where a pact interaction lists
   * several (`'a and b'` → `['a', 'b']`): with no handler under the joined name, each state's own
   * handler runs, in this order.
   */
  stateSteps?: { [given: string]: string[] }
  /** Set where handlers cannot be given (the CLI): every example with a state is listed as not called. */
  statesUnavailable?: boolean
  /**
   * Judges each answer in place of the default checks (a pact judges by its interactions' expected
   * responses and matching rules); returns what breaks, each with the kind and details to report.
   */
  judge?: AnswerJudge
}

/** A call as made, with its answer: the result, or the error the call failed with. */
export interface JudgedCall {
  tool: string
  example: ConsumerExample
  given?: string
  answer: { result: Record<string, unknown> } | { error: unknown }
}

/** What a judge finds wrong with an answer: the change kind, and details merged into the change. */
export type AnswerJudge = (call: JudgedCall) => { kind: string; errors: string; details?: Record<string, string> }[]

/** Why a recorded example was not called. */
export type NotCalledReason = 'not-read-only' | 'no-state-handler' | 'states-unavailable' | 'refused-by-schema'

/** One recorded example that live verification listed instead of calling. */
export interface NotCalled {
  tool: string
  /** The example's arguments, as JSON. */
  example: string
  given?: string
  reason: NotCalledReason
  /** For `no-state-handler` where the state stands for several: the states that have no handler, in order. */
  missing?: string[]
}

/**
 * The handlers to run, in order, before an example recorded in the state `given`: the handler
 * registered under that name if there is one; else, where it stands for several states, each
 * one's own; else the states that lack a handler.
 * @example stateHandlers('a and b', { states: { a, b }, stateSteps: { 'a and b': ['a', 'b'] }, callTool }) // { handlers: [['a', a], ['b', b]] }
 */
export function stateHandlers(given: string, live: LiveCalls): { handlers: [string, StateHandler][] } | { missing: string[] } {
  const handler = live.states?.[given]
  if (typeof handler === 'function') return { handlers: [[given, handler]] }
  const steps = live.stateSteps?.[given] ?? [given]
  const missing = steps.filter((step) => typeof live.states?.[step] !== 'function')
  if (missing.length > 0) return { missing }
  return { handlers: steps.map((step) => [step, live.states?.[step] as StateHandler]) }
}

/** Every example of a tool, with the state it was recorded in. */
export function examplesOf(tool: ConsumerTool): { example: ConsumerExample; given?: string }[] {
  return [...tool.examples.map((example) => ({ example })), ...Object.entries(tool.given ?? {}).flatMap(([given, examples]) => examples.map((example) => ({ example, given })))]
}

/**
 * Calls each used tool with each recorded example that may be called, and judges the answers:
 * an `isError` or a protocol error, a `structuredContent` the live outputSchema refuses, a field
 * the consumer reads that is absent. A tool not marked read-only is called only with
 * `allowDestructive`; an example recorded in a state is called only after its handler ran (or, for a pact
 * interaction with several provider states, each state's handler, in order; see `stateHandlers`).
 * Examples the live inputSchema already refuses are listed as not called (`refused-by-schema`):
 * they already fail as `consumer-example-rejected`.
 * With `live.judge`, the judge's findings replace the default checks of each answer (a pact's).
 * @example await callExamples(contract, liveTools, { callTool }, (tool, example) => true)
 */
export async function callExamples(
  contract: ConsumerContract,
  liveTools: ReadonlyMap<string, SurfaceTool>,
  live: LiveCalls,
  accepted: (tool: string, example: ConsumerExample) => boolean,
): Promise<{ detected: Detected[]; notCalled: NotCalled[] }> {
  const detected: Detected[] = []
  const notCalled: NotCalled[] = []
  const validator = await schemaValidator()
  for (const used of [...contract.tools].sort((a, b) => a.name.localeCompare(b.name))) {
    const tool = liveTools.get(used.name)
    if (tool === undefined) continue
    const reads = used.reads.map(parseReadPath)
    const output = tool.outputSchema === undefined ? undefined : validator.compile(tool.outputSchema)
    for (const { example, given } of examplesOf(used)) {
      const shown = JSON.stringify(example)
      const listed = (reason: NotCalledReason, missing?: string[]) => notCalled.push({ tool: used.name, example: shown, ...(given !== undefined ? { given } : {}), reason, ...(missing !== undefined ? { missing } : {}) })
      // Why listed, not dropped: a reader counting the examples must see where each one went.
      if (!accepted(used.name, example)) {
        listed('refused-by-schema')
        continue
      }
      if (tool.hints.readOnlyHint !== true && live.allowDestructive !== true) {
        listed('not-read-only')
        continue
      }
      if (given !== undefined && live.statesUnavailable === true) {
        listed('states-unavailable')
        continue
      }
      const setUp = given === undefined ? { handlers: [] } : stateHandlers(given, live)
      if ('missing' in setUp) {
        // Why name them only for several: for one state, the missing one is the given itself.
        listed('no-state-handler', live.stateSteps?.[given as string] !== undefined ? setUp.missing : undefined)
        continue
      }
      const found = (kind: string, errors: string, path: PathSegment[] = []): void => {
        detected.push({
          kind,
          entity: 'tool',
          name: used.name,
          direction: 'output',
          path,
          details: { consumer: contract.consumer, example: shown, ...(given !== undefined ? { given } : {}), errors },
        })
      }
      const judged = (findings: ReturnType<AnswerJudge>): void => {
        for (const finding of findings) {
          detected.push({ kind: finding.kind, entity: 'tool', name: used.name, direction: 'output', path: [], details: { consumer: contract.consumer, example: shown, ...(given !== undefined ? { given } : {}), errors: finding.errors, ...finding.details } })
        }
      }
      let result: Record<string, unknown>
      const threw = await runHandlers(setUp.handlers)
      if (threw !== undefined) {
        found('consumer-call-failed', threw)
        continue
      }
      try {
        result = await live.callTool(used.name, example)
      } catch (error) {
        if (live.judge !== undefined) judged(live.judge({ tool: used.name, example, ...(given !== undefined ? { given } : {}), answer: { error } }))
        else found('consumer-call-failed', messageOf(error))
        continue
      }
      if (live.judge !== undefined) {
        judged(live.judge({ tool: used.name, example, ...(given !== undefined ? { given } : {}), answer: { result } }))
        continue
      }
      if (result.isError === true) {
        found('consumer-call-failed', `the server answered isError: ${errorText(result)}`)
        continue
      }
      const content = result.structuredContent
      if (output !== undefined) {
        const verdict = content === undefined ? 'no structuredContent was returned' : 'check' in output ? output.check(content) : `the live outputSchema does not compile: ${output.failure}`
        if (verdict !== true) found('consumer-output-invalid', verdict)
      }
      for (const path of reads) if (isAbsent(content, path)) found('consumer-read-absent', 'absent', path)
    }
  }
  return { detected, notCalled }
}

/** Runs the handlers in order; stops at the first that throws and says which state's it was. */
async function runHandlers(handlers: [string, StateHandler][]): Promise<string | undefined> {
  for (const [state, handler] of handlers) {
    try {
      await handler()
    } catch (error) {
      return `the provider's handler for the state ${JSON.stringify(state)} threw: ${messageOf(error)}`
    }
  }
  return undefined
}

/**
 * True when a field on the path is missing from the value: an object on the way lacks the key,
 * or a string, number or boolean stands where an object or array should. A null on the way, or
 * an empty array, leaves nothing to miss.
 */
function isAbsent(value: unknown, path: readonly PathSegment[]): boolean {
  if (path.length === 0 || value === null) return false
  if (typeof value !== 'object') return true
  const [head, ...rest] = path
  if (head === '[]') return !Array.isArray(value) || value.some((item) => isAbsent(item, rest))
  if (Array.isArray(value) || !Object.hasOwn(value, head)) return true
  return isAbsent((value as Record<string, unknown>)[head], rest)
}

/** The text of an error result's content, cut to one short line. */
function errorText(result: Record<string, unknown>): string {
  const parts = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]).filter((part) => part?.type === 'text' && typeof part.text === 'string').map((part) => part.text as string) : []
  const text = parts.join(' ').replace(/\s+/g, ' ').trim()
  if (text === '') return '(no text)'
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
