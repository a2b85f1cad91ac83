import { parseConsumerContract, type ConsumerContract } from '../consumer/consumer-contract.js'
import type { AnswerJudge, LiveCalls, NotCalled } from '../consumer/verify/call-examples.js'
import { verifyConsumer, type RefusalExpected } from '../consumer/verify/verify-consumer.js'
import { CONSUMER_CONTRACT_SUFFIX, type ConsumerVerdict } from '../consumer/verify/verify-consumers.js'
import { whyNotJson } from '../contract/contract-text.js'
import { SEVERITIES, type Change } from '../diff/change.js'
import { resolvePolicy, type Policy } from '../diff/policy.js'
import type { Json, Surface } from '../surface/types.js'
import { isPact, PactError, type ForeignInteraction, type McpInteraction, type McpPact } from './pact-model.js'
import { matchPactResponse } from './match-pact-response.js'
import { pactAsConsumerContract, readPact, stateOf } from './read-pact.js'
import { stableStringify } from '../surface/stable-json.js'

/** One contract's verdict; a pact's also says which of its interactions still hold and which are not MCP. */
export interface ContractVerdict extends ConsumerVerdict {
  /**
   * For a pact: each MCP interaction, by description, and whether the server still serves it;
   * `notCalled` when calls were asked for and this one was listed instead of called.
   */
  interactions?: { description: string; ok: boolean; notCalled?: true }[]
  /** For a pact: interactions that are not MCP (HTTP, asynchronous messages), listed and not verified. */
  foreign?: ForeignInteraction[]
  /**
   * The provider the contract was recorded against, when it is not the one verified: the contract
   * was not judged (its report is empty, and ok unless the file was named directly).
   */
  otherProvider?: string
  /** With `otherProvider`: the server's name now, and how much of what the contract uses it serves. */
  mismatch?: ProviderMismatch
}

/** A contract recorded against another provider than the one verified, as a verdict carries it. */
export interface ProviderMismatch {
  /** The provider the contract records. */
  recorded: string
  /** The name the server gives itself now; `undefined` when it names itself no longer. */
  live: string | undefined
  /** The provider `--provider` (the `provider` option) named, when one did: then no rename is guessed. */
  asked?: string
  /** How many of the tools, prompts and resources the contract uses the server serves, of how many. */
  serves: { served: number; used: number }
  /** True for a file named directly (not found in a folder, a glob or a store): it fails, never skipped. */
  named?: true
}

/** A contract as read from its text: our own consumer contract, or a Pact V4 pact read as one. */
export interface LoadedContract {
  contract: ConsumerContract
  pact?: McpPact
}

/**
 * Reads contract text, telling a pact from a consumer contract by its content.
 * @throws ConsumerContractError for a file that is neither, or a broken one (a PactError for a pact)
 * @example loadContract(await readFile(file, 'utf8'), 'pacts/weather-agent-weather-mcp.json').pact?.interactions.length
 */
export function loadContract(text: string, shown: string): LoadedContract {
  const data = parseContractJson(text, shown)
  if (!isPact(data)) return { contract: parseConsumerContract(text, shown) }
  const pact = readPact(data, shown)
  return { contract: pactAsConsumerContract(pact), pact }
}

/**
 * Contract text parsed as JSON, for a file that may be a consumer contract or a pact.
 * @throws ConsumerContractError for text that is not JSON, at its line and column, with advice for
 * the kind of file its name says (a PactError when the name cannot tell)
 * @example parseContractJson(await readFile(file, 'utf8'), 'pacts/weather-agent-weather-mcp.json')
 */
export function parseContractJson(text: string, shown: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    // Why by name: text that is not JSON cannot say whether it was a pact; a consumer contract's name can.
    if (shown.endsWith(CONSUMER_CONTRACT_SUFFIX)) parseConsumerContract(text, shown)
    // Why the text is looked at: a pact cut short still shows its "interactions" or "pactSpecification".
    const advice = /"(interactions|pactSpecification)"\s*:/.test(text)
      ? 'It looks like a pact: restore it from version control, or write it again with `mcp-contract pact export` (or the Pact tests that wrote it).'
      : 'It may have been a pact, so it is not passed over: restore it from version control, or move it away from the contracts if it is none.'
    throw new PactError(`${shown} is not valid JSON (${whyNotJson(text, error)}). ${advice}`)
  }
}

/**
 * The provider a contract names: the pact's provider, or the `provider` a consumer contract
 * recorded; `undefined` when it names none (a contract recorded before the name was kept).
 * @example recordedProvider(loadContract(text, file)) // 'shop'
 */
export function recordedProvider(loaded: LoadedContract): string | undefined {
  const name = loaded.pact !== undefined ? loaded.pact.provider : loaded.contract.provider
  return name === undefined || name === '' ? undefined : name
}

/**
 * The verdict of a contract recorded against another provider than the one verified: listed with
 * its provider and how much of what it uses the live server serves (a likely rename when any),
 * not judged. Skipped when found in a folder, a glob or a store; a failure for a file named
 * directly (`context.named`), which is verified or fails, never skipped.
 * @example forAnotherProvider(loaded, 'contracts/stock.mcp-consumer.json', 'inventory', {}, { live }).otherProvider // 'inventory'
 */
export function forAnotherProvider(loaded: LoadedContract, file: string, provider: string, policy: Policy = {}, context: { live?: Surface; asked?: string; named?: boolean } = {}): ContractVerdict {
  const summary = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0])) as ContractVerdict['report']['summary']
  const { contract } = loaded
  const live = context.live
  const used = [...contract.tools.map((tool) => tool.name), ...contract.prompts.map((prompt) => `prompt ${prompt.name}`), ...contract.resources.map((resource) => `resource ${resource.uri}`)]
  const served = new Set([...(live?.tools ?? []).map((tool) => tool.name), ...(live?.prompts ?? []).map((prompt) => `prompt ${prompt.name}`), ...(live?.resources ?? []).map((resource) => `resource ${resource.uri}`)])
  const mismatch: ProviderMismatch = {
    recorded: provider,
    live: live?.server.name,
    ...(context.asked !== undefined ? { asked: context.asked } : {}),
    serves: { served: used.filter((name) => served.has(name)).length, used: used.length },
    ...(context.named === true ? { named: true as const } : {}),
  }
  const ok = context.named !== true
  return { consumer: contract.consumer, file, report: { ok, failOn: resolvePolicy(policy).failOn, changes: [], failing: [], summary, notRecorded: [] }, otherProvider: provider, mismatch }
}

/**
 * Whether a verify run passes: every verdict is ok and at least one contract was judged. Why the
 * second: a run that skipped every contract (a server that renamed itself, a folder of another
 * provider's contracts) verified nothing, and a gate must never go green on nothing.
 * @example verifyPasses(await verifySourced(sourced, live)) // false when every contract was skipped
 */
export function verifyPasses(verdicts: readonly ContractVerdict[]): boolean {
  return verdicts.every((verdict) => verdict.report.ok) && verdicts.some((verdict) => verdict.otherProvider === undefined)
}

/**
 * Verifies the live server against one loaded contract. For a pact, each interaction is judged by
 * the changes that name what it uses (the tool it calls with those arguments, the prompt, the
 * resource), so a failure names the interaction; foreign interactions are listed, not passed.
 * @example await verifyLoaded(loadContract(text, file), file, live)
 */
export async function verifyLoaded(loaded: LoadedContract, file: string, live: Surface, policy: Policy = {}, calls?: LiveCalls): Promise<ContractVerdict> {
  // Why a judge for a pact: its interactions say what each answer must be, beyond the live outputSchema.
  const judged = calls !== undefined && loaded.pact !== undefined ? { ...calls, judge: pactJudge(loaded.pact), stateSteps: stateSteps(loaded.pact) } : calls
  const report = await verifyConsumer(loaded.contract, live, policy, judged, loaded.pact === undefined ? undefined : refusalsOf(loaded.pact))
  const verdict: ContractVerdict = { consumer: loaded.contract.consumer, file, report, ...(loaded.contract.readsObserved === false ? { readsObserved: false as const } : {}) }
  if (loaded.pact === undefined) return verdict
  return {
    ...verdict,
    interactions: loaded.pact.interactions.map((interaction) => {
      const ok = !report.failing.some((change) => concerns(change, interaction))
      return { description: interaction.description, ok, ...(ok && listedNotCalled(report.notCalled ?? [], interaction) ? { notCalled: true as const } : {}) }
    }),
    ...(loaded.pact.foreign.length > 0 ? { foreign: loaded.pact.foreign } : {}),
  }
}

/** Whether live verification listed this interaction's call instead of making it. */
function listedNotCalled(notCalled: readonly NotCalled[], interaction: McpInteraction): boolean {
  if (interaction.operation !== 'tools/call') return false
  const example = stableStringify(interaction.request.arguments ?? {})
  return notCalled.some((entry) => entry.tool === interaction.request.name && entry.given === stateOf(interaction) && stableStringify(JSON.parse(entry.example)) === example)
}

/**
 * Judges a live answer by every tools/call interaction of the pact made with that tool, those
 * arguments and that state (`matchPactResponse`); each one it does not satisfy is a
 * `consumer-pact-mismatch` naming the interaction.
 */
function pactJudge(pact: McpPact): AnswerJudge {
  return ({ tool, example, given, answer }) => {
    const actual = 'result' in answer ? answer.result : { error: errorOf(answer.error) }
    return pact.interactions
      .filter((interaction) => interaction.operation === 'tools/call' && interaction.request.name === tool && stateOf(interaction) === given && stableStringify(interaction.request.arguments ?? {}) === stableStringify(example))
      .flatMap((interaction) => {
        const verdict = matchPactResponse(interaction, actual)
        if (verdict.ok) return []
        return [{ kind: 'consumer-pact-mismatch', errors: verdict.mismatches.map((mismatch) => `${mismatch.path}: ${mismatch.message}`).join('\n'), details: { interaction: interaction.description } }]
      })
  }
}

/**
 * The calls a pact expects the server to refuse: the tools/call interactions whose response is a
 * JSON-RPC error. Why: the consumer was tested against that refusal, so the live inputSchema
 * refusing the arguments is what it relies on, not a break; with live calls the judge checks it.
 */
function refusalsOf(pact: McpPact): RefusalExpected {
  const key = (tool: unknown, example: Json | undefined, given: string | undefined) => stableStringify([tool, given ?? null, example ?? {}])
  const refused = new Set(pact.interactions.filter((interaction) => interaction.operation === 'tools/call' && interaction.response.error !== undefined).map((interaction) => key(interaction.request.name, interaction.request.arguments, stateOf(interaction))))
  return (tool, example, given) => refused.has(key(tool, example as Json, given))
}

/** Each joined state name of an interaction with several provider states, and those states in the pact's order. */
function stateSteps(pact: McpPact): { [given: string]: string[] } {
  const steps: { [given: string]: string[] } = {}
  for (const interaction of pact.interactions) {
    const given = stateOf(interaction)
    if (given !== undefined && interaction.states.length > 1) steps[given] = interaction.states
  }
  return steps
}

/** A failed call as the JSON-RPC error a pact expects: code, message and data when the error carries them. */
function errorOf(error: unknown): Json {
  const { code, message, data } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown }
  return {
    code: typeof code === 'number' ? code : -32603,
    message: typeof message === 'string' ? message : String(error),
    ...(data !== undefined ? { data: data as Json } : {}),
  }
}

/** True when a change is about what the interaction uses. */
function concerns(change: Change, interaction: McpInteraction): boolean {
  const { request, response } = interaction
  switch (interaction.operation) {
    case 'tools/call':
      if (change.entity !== 'tool' || change.name !== request.name) return false
      if (change.kind === 'consumer-pact-mismatch') return change.details?.interaction === interaction.description
      return change.kind !== 'consumer-example-rejected' || change.details?.example === JSON.stringify(request.arguments ?? {})
    case 'prompts/get':
      return change.entity === 'prompt' && change.name === request.name
    case 'resources/read':
      return change.entity === 'resource' && change.name === request.uri
    case 'tools/list':
      return change.entity === 'tool' && names(response.tools, 'name').includes(change.name)
    case 'prompts/list':
      return change.entity === 'prompt' && names(response.prompts, 'name').includes(change.name)
    case 'resources/list':
      return change.entity === 'resource' && names(response.resources, 'uri').includes(change.name)
  }
}

function names(list: unknown, key: string): unknown[] {
  return Array.isArray(list) ? list.map((item) => (item as Record<string, unknown> | null)?.[key]) : []
}
