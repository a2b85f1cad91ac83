import type { ConsumerContract } from '../src/consumer/consumer-contract.js'
import { displayPath, failed, loadEngine, matchCommittedFile, matcherHint, passed, passedOrRecorded, projectOf, readIfPresent, runnerFor, typoBeside, updateCommand, usageError, type MatcherResult } from './matcher-core.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Holds a consumer to its committed consumer contract: what it calls, sends and reads through a
 * client from `recordConsumer`, a transport from `recordTransport` or Mastra tools from `recordTools`. A relative `file`
 * resolves from the project root (the configuration file's folder, else the nearest package.json's, else the working
 * directory). A missing file is written
 * outside CI and fails in CI (unless under an explicit `-u`, which wins there too); a consumer that now uses more or less fails with the classified
 * changes; `-u` accepts; a tool result that broke its advertised output schema always fails.
 * @example await expect(client).toMatchConsumerContract('contracts/checkout-agent.mcp-consumer.json')
 */
export function toMatchConsumerContract(this: MatcherContext, received: unknown, file: string): Promise<MatcherResult> {
  const matcher = matcherHint(this, 'toMatchConsumerContract', typeof file === 'string' ? JSON.stringify(file) : 'file', 'client')
  if (this.isNot) throw usageError(matcher, '.not.toMatchConsumerContract() is not supported: it would pass for any change in use at all.')
  if (typeof file !== 'string' || file.trim() === '') {
    throw usageError(matcher, 'The consumer contract file must be a path, relative to the project root (the folder of mcp-contract.config.json or package.json), such as "contracts/checkout-agent.mcp-consumer.json".')
  }
  // Why: taken before the first await, so errors point at the user's line, not at ours.
  const callSite = new Error()
  return matchConsumerContract(runnerFor(this), received, file, matcher, callSite)
}

async function matchConsumerContract(adapter: RunnerAdapter, received: unknown, file: string, matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  const recording = engine.consumerRecordingOf(received)
  if (recording === undefined) {
    throw usageError(matcher, "The received value must be a client from recordConsumer(client, { consumer: 'name' }), a transport from recordTransport(transport, { consumer: 'name' }) or Mastra tools from recordTools(tools, { consumer: 'name', server: 'weather' }), the one the code under test used.")
  }
  const contract = await recording.contract()
  // Why before any file is read or written, in and out of CI, with -u too: an empty contract
  // passes every provider change, so recording nothing must never look like a contract.
  if (recording.empty) return failed(() => neverReached(matcher, contract.consumer))
  const violations = await recording.violations()
  if (violations.length > 0) {
    return failed(() =>
      [
        matcher,
        '',
        `The server sent structuredContent that does not match the output schema it advertises, so ${contract.consumer} read values no contract promises:`,
        ...violations.map((violation) => `  ${violation.tool}: ${violation.errors.split('\n').join('; ')}`),
        '',
        "Fix the server's output (or its outputSchema); the consumer contract is not written until its results validate.",
      ].join('\n'),
    )
  }
  const { root } = await projectOf(engine, adapter, matcher, callSite)
  const path = engine.projectPath(root, file)
  const shown = displayPath(path)
  // Why a committed file without `provider` still matches: contracts recorded before the server's
  // name was kept lack it, and adding it is no change in what the consumer uses; failing every
  // such consumer's CI for it would force a rewrite nobody asked for. The name is compared once
  // the file has one (a server that renames itself moves where publish stores the contract), and
  // -u writes it in.
  const committed = adapter.updateMode() !== 'all' ? await readIfPresent(path) : undefined
  const older = contract.provider !== undefined && lacksProvider(committed)
  // Why the same for text digests: a tool recorded before they were kept holds none, and the texts it saw are not known to have moved.
  const undigested = toolsWithoutDigest(committed)
  const tools = contract.tools.map((tool) => (undigested.has(tool.name) ? { ...tool, textDigest: undefined } : tool))
  const text = engine.serializeConsumerContract({ ...contract, tools, ...(older ? { provider: undefined } : {}) })

  const existed = (await readIfPresent(path)) !== undefined
  const typo = existed ? undefined : await typoBeside(adapter, path, shown, matcher)
  if (typo !== undefined) return typo
  const outcome = await matchCommittedFile(adapter, path, text, () => engine.writeConsumerContract(path, contract))
  if (outcome.pass) return passedOrRecorded(matcher, existed, shown, 'consumer contract file')
  const storedText = outcome.stored
  if (storedText === undefined) {
    return failed(() =>
      [matcher, '', `${engine.doesNotExist(shown, path)}, and consumer contracts are not written in CI without -u. ${engine.pathBase(root)}`, `Record it outside CI (run the test once, or ${updateCommand(adapter)}), review it and commit it.`].join('\n'),
    )
  }
  let recorded: ConsumerContract
  try {
    recorded = engine.parseConsumerContract(storedText, shown)
  } catch (error) {
    if (!(error instanceof engine.ConsumerContractError)) throw error
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const report = engine.reportChanges(engine.compareConsumerUse(recorded, contract), { failOn: 'cosmetic' })
  const renamed = recorded.provider !== undefined && recorded.provider !== contract.provider
  const name = renamed ? [`${engine.providerNameMoved({ recorded: recorded.provider as string, live: contract.provider }, shown)}, the provider publish and pact export use.`, ''] : []
  const body =
    report.changes.length === 0
      ? renamed
        ? `${contract.consumer} uses the same things, but the server it saw has another name.`
        : `${contract.consumer} uses the same things, but what it saw changed (hints or the output schema it reads):\n\n${engine.formatReport(engine.diffSurfaces(engine.seenSurface(recorded), engine.seenSurface(contract), { failOn: 'cosmetic', profiles: [] })).trimEnd()}`
      : `${contract.consumer} no longer uses the server the way ${shown} records:\n\n${engine.formatReport(report).trimEnd()}`
  return failed(() =>
    [
      matcher,
      '',
      body,
      '',
      ...name,
      `If the change is meant: ${updateCommand(adapter)} rewrites ${shown}; commit it, and verify the providers against it (toSatisfyConsumerContracts or mcp-contract verify --consumers).`,
    ].join('\n'),
  )
}


/** The failure for a recording that saw no tool call, prompt or resource read: what to record instead. */
function neverReached(matcher: string, consumer: string): string {
  return [
    matcher,
    '',
    `${consumer} made no tool call, prompt get or resource read through this recorder: it was never reached, so there is no use to hold ${consumer} to, and no contract is written.`,
    'The code under test talked to the server some other way. Record what it really uses:',
    "  - an MCP SDK Client (also the one LangChain's loadMcpTools is given): hand the code the client from recordConsumer(client, { consumer }), not the client itself",
    "  - the AI SDK's createMCPClient, or another client that takes a transport: wrap the transport it connects through, recordTransport(transport, { consumer }), and expect that transport",
    "  - Mastra's MCPClient: wrap the tools it makes, recordTools(await mcp.getTools(), { consumer, server }) (listTools() on @mastra/mcp 2), hand those to the Agent, and expect those tools",
    '  - another language, a host such as an IDE, or any client you cannot change: start the server through mcp-contract record --consumer NAME --out FILE -- <server command>',
  ].join('\n')
}

/** The tools a committed consumer contract lists without a `textDigest` (recorded before it was kept). */
function toolsWithoutDigest(stored: string | undefined): Set<string> {
  if (stored === undefined) return new Set()
  try {
    const tools = (JSON.parse(stored) as { tools?: unknown } | null)?.tools
    if (!Array.isArray(tools)) return new Set()
    return new Set(tools.filter((tool): tool is { name: string } => typeof tool?.name === 'string' && !Object.hasOwn(tool, 'textDigest')).map((tool) => tool.name))
  } catch {
    // Why empty: an unreadable file is reported by the comparison that follows, with what to do.
    return new Set()
  }
}

/** True for a committed consumer contract that has no `provider` (one recorded before it was kept). */
function lacksProvider(stored: string | undefined): boolean {
  if (stored === undefined) return false
  try {
    const data = JSON.parse(stored) as unknown
    return typeof data === 'object' && data !== null && !Array.isArray(data) && !Object.hasOwn(data, 'provider')
  } catch {
    // Why false: an unreadable file is reported by the comparison that follows, with what to do.
    return false
  }
}
