import { dirname } from 'node:path'
import { captureLive, failed, loadEngine, matcherHint, passed, pointedAt, rejectUnusable, runnerFor, usageError, type MatcherResult } from './matcher-core.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Verifies a provider against every consumer contract or Pact V4 pact the paths name (a file, a
 * folder, a glob, `s3://bucket/prefix`, an `https://` URL, or a list; relative to the test file): each consumer's tools, prompts
 * and resources still exist, its recorded calls are still valid, the fields it reads are still
 * guaranteed, the hints it relied on did not reverse. Never writes anything, never calls a tool.
 * @example await expect(createServer()).toSatisfyConsumerContracts('contracts/')
 */
export function toSatisfyConsumerContracts(this: MatcherContext, received: unknown, paths: string | string[]): Promise<MatcherResult> {
  const list = typeof paths === 'string' ? [paths] : paths
  const matcher = matcherHint(this, 'toSatisfyConsumerContracts', typeof paths === 'string' ? JSON.stringify(paths) : 'paths')
  rejectUnusable(this, 'toSatisfyConsumerContracts', matcher, received, undefined)
  if (!Array.isArray(list) || list.length === 0 || list.some((path) => typeof path !== 'string' || path.trim() === '')) {
    throw usageError(matcher, 'Pass a consumer contract file, a folder of *.mcp-consumer.json files, or a list of them, relative to the test file, such as "contracts/".')
  }
  const callSite = new Error()
  return satisfy(runnerFor(this), received, list, matcher, callSite)
}

async function satisfy(adapter: RunnerAdapter, received: unknown, paths: string[], matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  const folder = dirname(adapter.testFile())
  // Why before capturing: a wrong path, bucket or URL fails fast, without starting the server.
  let sourced: Awaited<ReturnType<typeof engine.loadContractSources>>
  try {
    sourced = await engine.loadContractSources(paths, folder)
  } catch (error) {
    if (!(error instanceof engine.ConsumerContractError)) throw error
    // Why two outcomes: a path that names nothing is a mistake in the test; a broken file is a failing contract.
    if (/ does not exist;| holds no | matches no /.test(error.message)) throw pointedAt(usageError(matcher, error.message), callSite, error)
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const live = await captureLive(adapter, received, matcher, callSite)
  const verdicts = await engine.verifySourced(sourced, live)
  if (verdicts.every((verdict) => verdict.report.ok)) return passed(matcher)
  return failed(() => [matcher, '', 'The server no longer serves every consumer the way its contract records:', '', engine.formatConsumerVerdicts(verdicts).trimEnd()].join('\n'))
}
