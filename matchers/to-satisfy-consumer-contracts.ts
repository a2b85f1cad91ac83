import { didYouMean } from '../src/surface/did-you-mean.js'
import { captureLive, failed, loadEngine, matcherHint, notice, passed, pointedAt, projectOf, rejectUnusable, runnerFor, usageError, type Engine, type MatcherResult } from './matcher-core.js'
import type { ConsumerVerification } from './matcher-types.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Verifies a provider against every consumer contract or Pact V4 pact the paths name (a file, a
 * folder, a glob, `s3://bucket/prefix`, an `https://` URL, or a list; relative to the project root): each consumer's tools, prompts
 * and resources still exist, its recorded calls are still valid, the fields it reads are still
 * guaranteed, the hints it relied on did not reverse. Never writes anything. Calls tools only
 * with `{ call: true }`: read-only ones, others with `allowDestructive: true`, and an example
 * recorded in a state after its handler in `states` ran.
 * @example await expect(createServer()).toSatisfyConsumerContracts('contracts/', { call: true, states: { 'cart has 2 items': () => cart.fill(2) } })
 */
export function toSatisfyConsumerContracts(this: MatcherContext, received: unknown, paths: string | string[], options?: ConsumerVerification): Promise<MatcherResult> {
  const list = typeof paths === 'string' ? [paths] : paths
  const matcher = matcherHint(this, 'toSatisfyConsumerContracts', typeof paths === 'string' ? JSON.stringify(paths) : 'paths')
  rejectUnusable(this, 'toSatisfyConsumerContracts', matcher, received, undefined)
  if (!Array.isArray(list) || list.length === 0 || list.some((path) => typeof path !== 'string' || path.trim() === '')) {
    throw usageError(matcher, 'Pass a consumer contract file, a folder of *.mcp-consumer.json files, or a list of them, relative to the project root (the folder of mcp-contract.config.json or package.json), such as "contracts/".')
  }
  const problem = optionsProblem(options)
  if (problem !== undefined) throw usageError(matcher, problem)
  const callSite = new Error()
  return satisfy(runnerFor(this), received, list, options ?? {}, matcher, callSite)
}

/** What is wrong with the options, in words; `undefined` when they are usable. */
function optionsProblem(options: unknown): string | undefined {
  if (options === undefined) return undefined
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return 'The second argument is the verification options: { call?: boolean, allowDestructive?: boolean, states?: { [state]: () => … }, provider?: string }.'
  const known = ['call', 'allowDestructive', 'states', 'provider']
  const unknown = Object.keys(options).filter((key) => !known.includes(key))
  if (unknown.length > 0) return `Unknown option ${unknown.map((key) => JSON.stringify(key)).join(', ')}.${didYouMean(unknown[0], known)} The options are ${known.join(', ')}.`
  const { call, allowDestructive, states, provider } = options as ConsumerVerification
  if (call !== undefined && typeof call !== 'boolean') return 'call must be true or false.'
  if (provider !== undefined && (typeof provider !== 'string' || provider.trim() === '')) return "provider must be the provider's name the contracts record, such as 'example-servers/everything'."
  if (allowDestructive !== undefined && typeof allowDestructive !== 'boolean') return 'allowDestructive must be true or false.'
  if (allowDestructive === true && call !== true) return 'allowDestructive goes with call: true; without it no tool is called at all.'
  if (states !== undefined) {
    if (typeof states !== 'object' || states === null || Array.isArray(states)) return "states maps each state a consumer names (given) to a function that sets the server up: { 'cart has 2 items': async () => … }."
    const wrong = Object.entries(states).find(([, handler]) => typeof handler !== 'function')
    if (wrong !== undefined) return `states[${JSON.stringify(wrong[0])}] must be a function that sets the server up in that state (sync or async).`
    if (call !== true) return 'states are run only before calls; pass call: true with them.'
  }
  return undefined
}

async function satisfy(adapter: RunnerAdapter, received: unknown, paths: string[], options: ConsumerVerification, matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  const { folder } = (await projectOf(engine, adapter, matcher, callSite)).root
  if (options.call === true && !engine.isCaptureTarget(received)) {
    throw pointedAt(usageError(matcher, 'call: true calls the tools of a running server; a captured surface cannot be called. Pass the server (or its command) instead.'), callSite)
  }
  // Why before capturing: a wrong path, bucket or URL fails fast, without starting the server.
  const skipped: string[] = []
  let sourced: Awaited<ReturnType<typeof engine.loadContractSources>>
  try {
    sourced = await engine.loadContractSources(paths, folder, { onSkipped: (file) => skipped.push(`  ${file.shown}: ${file.why}`) })
  } catch (error) {
    if (!(error instanceof engine.ConsumerContractError)) throw error
    // Why two outcomes: a path that names nothing is a mistake in the test; a broken file is a failing contract.
    if (/ does not exist;| holds no | matches no /.test(error.message)) throw pointedAt(usageError(matcher, error.message), callSite, error)
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const live = await captureLive(adapter, received, matcher, callSite)
  let verdicts: Awaited<ReturnType<typeof engine.verifySourced>>
  try {
    verdicts = await verifyWithCalls(engine, received, sourced, live, options, matcher, callSite)
  } catch (error) {
    if (error instanceof engine.ConsumerContractError) return failed(() => `${matcher}\n\n${error.message}`)
    throw error
  }
  const notCalled = verdicts.flatMap((verdict) => (verdict.report.notCalled ?? []).map((entry) => `  ${verdict.consumer}: ${entry.tool} ${entry.example}${entry.given === undefined ? '' : ` (given ${JSON.stringify(entry.given)})`} — ${engine.notCalledWhy(entry)}`))
  if (engine.verifyPasses(verdicts)) {
    // Why a notice: the examples not called passed without being tried; the user should see which.
    if (notCalled.length > 0) notice(`${matcher}: every consumer is served; ${notCalled.length} recorded call${notCalled.length === 1 ? ' was' : 's were'} not made:\n${notCalled.join('\n')}`)
    // Why a notice: a file the user may have meant as a contract was not judged; they should see why.
    if (skipped.length > 0) notice(`${matcher}: every consumer is served; ${skippedFiles(skipped)}`)
    return passed(matcher)
  }
  const passedOver = skipped.length > 0 ? ['', skippedFiles(skipped)] : []
  // Why its own lead: no contract judged is not a break, and a reader must not go looking for one.
  const lead = verdicts.some((verdict) => verdict.otherProvider === undefined) ? 'The server no longer serves every consumer the way its contract records:' : 'No consumer contract was verified: every one was recorded against another provider, and a verification of nothing never passes.'
  return failed(() => [matcher, '', lead, '', engine.formatConsumerVerdicts(verdicts, 'text', { face: 'matcher' }).trimEnd(), ...passedOver].join('\n'))
}

/** The files of a folder not verified, one a line with why. */
function skippedFiles(lines: readonly string[]): string {
  return `${lines.length === 1 ? '1 file was' : `${lines.length} files were`} not verified:\n${lines.join('\n')}`
}

/** Verifies, and with `call: true` first opens a connection to call the tools on, closed after. */
async function verifyWithCalls(
  engine: Engine,
  received: unknown,
  sourced: Awaited<ReturnType<Engine['loadContractSources']>>,
  live: Awaited<ReturnType<Engine['captureSurface']>>,
  options: ConsumerVerification,
  matcher: string,
  callSite: Error,
): ReturnType<Engine['verifySourced']> {
  const provider = options.provider === undefined ? {} : { provider: options.provider }
  if (options.call !== true) return engine.verifySourced(sourced, live, {}, undefined, provider)
  let caller: Awaited<ReturnType<Engine['openToolCaller']>>
  try {
    caller = await engine.openToolCaller(received as Parameters<Engine['openToolCaller']>[0], { era: live.eras?.includes('legacy') === false ? '2026-07-28' : 'legacy' })
  } catch (error) {
    throw pointedAt(usageError(matcher, `Could not connect again to call the tools: ${(error as Error).message}`), callSite, error instanceof engine.CaptureError ? undefined : error)
  }
  try {
    return await engine.verifySourced(sourced, live, {}, { callTool: caller.callTool, allowDestructive: options.allowDestructive === true, states: options.states ?? {} }, provider)
  } finally {
    await caller.close()
  }
}
