import { appendFile, readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { captureRaw, type Authorization, type EraOption } from '../capture/capture-raw.js'
import { openToolCaller } from '../capture/open-tool-caller.js'
import { findProject, policyWithConfig, type FoundConfig } from '../config/project-config.js'
import { findProjectRoot, projectPath } from '../contract/project-root.js'
import { ContractFileError } from '../contract/contract-error.js'
import { parseContract, parseContractVouched, readContract, readContractText, serializeContract, writeContract } from '../contract/contract-file.js'
import { sourceLiterals, type SourceLiteral } from '../consumer/source-literals.js'
import { loadContractSources, verifySourced, type SkippedFile } from '../exchange/contract-sources.js'
import { verifyPasses } from '../pact/verify-contracts.js'
import { formatConsumerVerdicts, type ConsumerReportFormat } from '../report/format-consumers.js'
import { formatNoLongerServed, formatUsedEntities, noLongerServed, usedEntities } from '../consumer/used-by-sources.js'
import type { SentSurface } from '../diff/diff-profiles.js'
import { diffSurfaces } from '../diff/diff-surfaces.js'
import { lintSurface } from '../lint/lint-surface.js'
import { withRecordedMarks } from '../lint/recorded-marks.js'
import { vouchingOf } from '../lint/sent-rule-marks.js'
import { formatLint } from '../report/format-lint.js'
import { formatReport } from '../report/format-report.js'
import { wantsColor } from '../report/text-colors.js'
import { versionSuggestion } from '../report/describe-version.js'
import { formatTokenCost } from '../report/format-token-cost.js'
import { formatAuthorizationViews, printUnnamedView } from '../report/format-authorizations.js'
import { toolListTokens } from '../surface/token-cost.js'
import type { VerifiedEntries } from '../surface/vouched-entries.js'
import type { RawSurface, Surface } from '../surface/types.js'
import type { CliIo } from './cli-io.js'
import { CliUsageError } from './cli-error.js'
import { EXIT } from './exit-codes.js'
import { authorizationsFor, type CredentialSources } from './resolve-authorizations.js'
import type { Invocation } from './parse-argv.js'
import { packageVersion } from './package-version.js'
import { judgeLive, judgingFlags, report } from './judge-surface.js'
import { runAuth } from './run-auth.js'
import { runPactExport, runPublish } from './run-pact.js'
import { serverTarget } from './server-target.js'
import { withDetectedVolatile } from './second-capture.js'
import { keepRecordedVolatile, sameByShape } from '../surface/volatile-values.js'

/**
 * Every command but `check` (see run-check.ts) and `record` (run-record.ts): records, prints, compares, judges, verifies,
 * serves, exports and logs in.
 */
export const COMMAND_RUNNERS: Record<Exclude<Invocation['command'], 'check' | 'record'>, (invocation: Invocation, io: CliIo) => Promise<number>> = {
  /** Locks every server of the client config (or those named) into the lock file; see run-lock.ts. */
  async lock(invocation, io) {
    return (await import('./run-lock.js')).runLock(invocation, io)
  },
  /**
   * Records the live surface into the contract file. Over an existing contract it prints the
   * classified diff first; it writes nothing when the surface is unchanged, and refuses (exit 1)
   * when a change reaches the fail level, unless `--force`.
   */
  async snapshot(invocation, io) {
    const { root, config } = await findProject(io.cwd, io.cwd)
    const file = projectPath(root, invocation.contract, { contract: true })
    // Why before capture: a file that is not a contract (a wrong --contract) fails fast and is never overwritten.
    const existing = await existingContract(file, invocation.force)
    // Why: as check does, a contract recorded in both eras is read again in both, or re-recording would drop one.
    const era = invocation.era ?? (existing?.surface?.eras?.length === 2 ? 'both' : undefined)
    const first = await capture(invocation, io, era, authorizationsFor(invocation, sources(io, config)), undefined, config)
    const { raw } = first
    const surface = await withDetectedVolatile(first.surface, invocation, io, era, existing?.surface)
    // Why: a signal that came while capturing the last list must not still write the file.
    if (io.signal?.aborted) return EXIT.error
    // Why vouched: a later check reuses what this records for an entry the server lists unchanged.
    const vouching = vouchingOf(raw)
    if (existing?.surface !== undefined) {
      // Why the recorded version is kept: it is metadata; a new release with the same surface is no reason to rewrite the file.
      // Why by shape too: a clock that moved since the file was written is no reason to rewrite it either.
      if (serializeContract(withVersion(surface, existing.surface.serverVersion), vouching) === existing.text || sameByShape(existing.surface, surface)) {
        io.stdout(`${invocation.contract} is unchanged (${describeCounts(surface)}${describeVolatile(surface)}); nothing written\n`)
        return EXIT.ok
      }
      // Why the values just detected: what moved by itself since the file was written is no change.
      const result = diffSurfaces({ ...existing.surface, volatile: surface.volatile }, surface, policyWithConfig(config, judgingFlags(invocation)))
      io.stdout(formatReport(result, { color: wantsColor(io.env, io.isTerminal === true), forced: invocation.force }))
      if (!result.ok && !invocation.force) {
        const failing = result.failing.length
        io.stderr(
          `mcp-contract: ${invocation.contract} was not written: ${failing} change${failing === 1 ? '' : 's'} at or above ${result.failOn} would be recorded over it. ` +
            `Review the changes above; to record them anyway, run snapshot again with --force.\n`,
        )
        return EXIT.failed
      }
    }
    // Why the recorded text of a value whose shape held: recording another change must not put a fresh id or clock in the diff under review.
    await writeContract(file, existing?.surface === undefined ? surface : keepRecordedVolatile(existing.surface, surface), vouching)
    const named = Object.entries(surface.authorizations ?? {}).map(([name, view]) => `; as ${name}: ${describeCounts(view)}`)
    io.stdout(`recorded ${describeCounts(surface)}${named.join('')}${describeVolatile(surface)} to ${invocation.contract}\n`)
    return EXIT.ok
  },
  /** Prints the live surface (or, with --suggest-version, the release its changes need); records nothing. */
  async show(invocation, io) {
    if (invocation.suggestVersion && invocation.serverCommand.length === 0 && invocation.url === undefined) throw new CliUsageError('show --suggest-version compares the server with the contract file: give the server, -- <server command…> or --url URL')
    if (invocation.suggestVersion) {
      const { root, config } = await findProject(io.cwd, io.cwd)
      const recorded = await readContract(projectPath(root, invocation.contract, { contract: true }))
      const result = diffSurfaces(recorded, (await capture(invocation, io)).surface, policyWithConfig(config, judgingFlags(invocation)))
      io.stdout(invocation.format === 'json' ? `${JSON.stringify({ version: result.version }, null, 2)}\n` : `${versionSuggestion(result)}\n`)
      return EXIT.ok
    }
    const literals = await consumerLiterals(invocation, io)
    const { root, config } = await findProject(io.cwd, io.cwd)
    // Why a contract alone is enough: a committed contract is read as lint --contract reads one, to look at without starting its server.
    const fromContract = invocation.serverCommand.length === 0 && invocation.url === undefined
    const { surface, via } = fromContract
      ? { surface: await readContract(projectPath(root, invocation.contract, { contract: true })), via: `# read from ${invocation.contract}` }
      : await capture(invocation, io, invocation.era, authorizationsFor(invocation, sources(io, config)), undefined, config)
    if (literals !== undefined) {
      const used = usedEntities(literals, [surface])
      // Why the contract too: a name the source mentions that the server no longer serves is what breaks the consumer, and only the recorded surface still knows it.
      const recorded = fromContract ? undefined : await readRecordedIfAny(invocation, root)
      const gone = recorded === undefined ? [] : noLongerServed(usedEntities(literals, [recorded]), used, diffSurfaces(recorded, surface, { profiles: [] }).changes)
      io.stdout(invocation.format === 'json' ? `${JSON.stringify({ used, ...(recorded !== undefined ? { noLongerServed: gone } : {}) }, null, 2)}\n` : formatUsedEntities(used, literals.length) + formatNoLongerServed(gone, invocation.contract))
      return EXIT.ok
    }
    if (invocation.tokens) {
      const cost = toolListTokens(surface.tools ?? [])
      io.stdout(invocation.format === 'json' ? formatTokenCost(cost, 'json') : `${via}\n${formatTokenCost(cost, 'text')}`)
      return EXIT.ok
    }
    io.stdout(invocation.format === 'json' ? serializeContract(surface) : `${via}\n${printUnnamedView(surface)}\n${formatAuthorizationViews(surface)}`)
    return EXIT.ok
  },
  /** Compares two contract files. */
  async diff(invocation, io) {
    const { root, config } = await findProject(io.cwd, io.cwd)
    const [old, now] = invocation.files.map((file) => projectPath(root, file))
    return report(await readContract(old), await readContract(now), invocation, io, { file: old, config, literals: await consumerLiterals(invocation, io) })
  },
  /** Judges the live surface (or, with only --contract, a contract file) against client-acceptance profiles. */
  async lint(invocation, io) {
    const fromContract = invocation.serverCommand.length === 0 && invocation.url === undefined
    if (fromContract) {
      const file = projectPath(findProjectRoot(io.cwd, io.cwd), invocation.contract, { contract: true })
      const { surface, verified } = parseContractVouched(await readContractText(file), file)
      // Why the digests too: they say what the server sent, which the normalized file cannot show.
      const result = withRecordedMarks(lintSurface({ surface }, invocation.profiles), surface, verified)
      io.stdout(formatLint(result, { format: invocation.format === 'json' ? 'json' : 'text' }))
      return result.ok ? EXIT.ok : EXIT.failed
    }
    const result = lintSurface({ raw: await captureRawSurface(invocation, io) }, invocation.profiles)
    io.stdout(formatLint(result, { format: invocation.format === 'json' ? 'json' : 'text' }))
    return result.ok ? EXIT.ok : EXIT.failed
  },
  /** Verifies the live server against every consumer contract: a table of verdicts, then each consumer's changes. */
  async verify(invocation, io) {
    // Why first: a wrong path, bucket or URL fails fast, without starting a server.
    const onSkipped = (file: SkippedFile) => io.stderr(`mcp-contract verify: skipped ${file.shown}: ${file.why}\n`)
    const sourced = await loadContractSources(invocation.consumers ?? [], findProjectRoot(io.cwd, io.cwd).folder, { headers: invocation.headers, consumerBranch: invocation.consumerBranch, env: io.env, onSkipped })
    const { surface } = await capture(invocation, io)
    // Why a second connection, opened only with --call: capture never calls a tool; the calls go
    // to the server in the era its surface was read in.
    const caller = invocation.call ? await openToolCaller(await serverTarget(invocation, io), { timeoutMs: invocation.timeoutMs, signal: io.signal, era: surface.eras?.includes('legacy') === false ? '2026-07-28' : 'legacy', adviceFor: 'cli' }) : undefined
    let verdicts: Awaited<ReturnType<typeof verifySourced>>
    try {
      const calls = caller && { callTool: caller.callTool, allowDestructive: invocation.allowDestructive, statesUnavailable: true }
      verdicts = await verifySourced(sourced, surface, invocation.ignore ? { ignore: invocation.ignore } : {}, calls, { provider: invocation.provider })
    } finally {
      await caller?.close()
    }
    const located = invocation.format === 'sarif' || invocation.format === 'github'
    const texts = located ? await contractTexts(verdicts.map((verdict) => verdict.file), findProjectRoot(io.cwd, io.cwd).folder) : undefined
    io.stdout(formatConsumerVerdicts(verdicts, invocation.format as ConsumerReportFormat, { texts, toolVersion: packageVersion() }))
    // Why: in GitHub Actions the job's summary page shows the table of consumers, as for check.
    const summary = io.env.GITHUB_STEP_SUMMARY
    if (summary) await appendFile(summary, formatConsumerVerdicts(verdicts, 'markdown'))
    return verifyPasses(verdicts) ? EXIT.ok : EXIT.failed
  },
  /** Serves a server from the contract until stdin ends (stdio) or the process is stopped (HTTP). */
  async mock(invocation, io) {
    const log = invocation.verbose ? (line: string) => io.stderr(`mcp-contract mock: ${line}\n`) : undefined
    // Why loaded here: the mock brings the SDK's server side, which no other command needs at start-up.
    const { prepareMock } = await import('../mock/mock-server.js')
    const { serveMockOverHttp, serveMockOverStdio } = await import('../mock/serve-mock.js')
    const mock = prepareMock(projectPath(findProjectRoot(io.cwd, io.cwd), invocation.contract, { contract: true }), { seed: invocation.seed, log })
    if (invocation.port === undefined) {
      // Why nothing is printed: stdout is the protocol.
      await serveMockOverStdio(mock, io.signal)
      return EXIT.ok
    }
    // Why io.signal: SIGINT or SIGTERM is how a served mock is stopped; it ends the serving, and the exit is 0.
    const stop = io.signal ?? new AbortController().signal
    try {
      await serveMockOverHttp(mock, { port: invocation.port, signal: stop, onListening: (url) => io.stdout(`listening ${url}\n`) })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
      io.stderr(`mcp-contract: port ${invocation.port} on 127.0.0.1 is ${code === 'EACCES' ? 'not open to this user' : 'in use'}; pick another with --port, or --port 0 for any free port\n`)
      return EXIT.error
    }
    return EXIT.ok
  },
  /** Writes consumer contracts as Pact V4 pacts. */
  pact: runPactExport,
  /** Stores contracts in a folder or a bucket for providers to verify. */
  publish: runPublish,
  /** Logs in to an OAuth-protected server, or lists or removes cached logins. */
  auth: runAuth,
}

/**
 * The text of each consumer contract that is a local file, by the name the verdict gives it, for
 * annotations at a tool's line. Why a missing one is left out: a contract read from a bucket or
 * a URL has no file to annotate; its changes are located at line 1.
 */
async function contractTexts(files: readonly string[], cwd: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  for (const file of new Set(files)) {
    const text = await readFile(resolve(cwd, file), 'utf8').catch(() => undefined)
    if (text !== undefined) texts.set(file, text)
  }
  return texts
}

/** The surface with `version` as its recorded server version (none when `undefined`). */
function withVersion(surface: Surface, version: string | undefined): Surface {
  const { serverVersion: _live, ...rest } = surface
  return version === undefined ? rest : { ...rest, serverVersion: version }
}

/**
 * The contract already at `file`: its text and surface; `undefined` when there is none. A file
 * that is not a contract this version reads is replaced only with `--force` (its surface is then
 * `undefined`: there is nothing to compare with).
 */
async function existingContract(file: string, force: boolean): Promise<{ text: string; surface?: Surface } | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    throw new ContractFileError('unreadable', file, `${file} could not be read (${code ?? (error as Error).message}); snapshot writes nothing over a file it cannot read.`, { cause: error })
  }
  try {
    return { text, surface: parseContract(text, file) }
  } catch (error) {
    // Why never with --force: a consumer's contract is theirs; recording a server over it would lose it.
    if (error instanceof ContractFileError && error.code === 'consumer-contract') {
      throw new ContractFileError(error.code, file, `${error.message} snapshot never records a server over a consumer contract, --force or not.`, { cause: error })
    }
    // Why: a newer format's message already says not to re-record it; --force is the user saying they mean to.
    if (!(error instanceof ContractFileError) || force || error.code === 'newer') {
      if (force) return { text }
      throw error
    }
    // Why cut the advice: "record it again with snapshot" is what the user just did; say what snapshot needs instead.
    const problem = error.message.slice(0, error.message.indexOf('. ') + 1) || error.message
    throw new ContractFileError(error.code, file, `${problem} snapshot does not record over it: check --contract, or pass --force to replace the file.`, { cause: error })
  }
}

/** The consumer's string literals for `--used-by`; `undefined` when it was not given. */
/**
 * The committed contract `show --used-by` compares the source with: the one `--contract` names
 * (an error when it cannot be read), else `mcp-contract.json` when there is one.
 */
async function readRecordedIfAny(invocation: Invocation, root: Parameters<typeof projectPath>[0]): Promise<Surface | undefined> {
  const file = projectPath(root, invocation.contract, { contract: true })
  if (!invocation.contractGiven && (await readFile(file, 'utf8').catch(() => undefined)) === undefined) return undefined
  return readContract(file)
}

export function consumerLiterals(invocation: Invocation, io: CliIo): Promise<SourceLiteral[]> | undefined {
  return invocation.usedBy === undefined ? undefined : sourceLiterals(invocation.usedBy, findProjectRoot(io.cwd, io.cwd).folder)
}

/**
 * Captures and normalizes the live surface, and says in words which wire and era(s) it was read
 * over; warns on stderr about every profile error rule it breaks (see {@link judgeLive}). With
 * `verified` (a contract's vouched entries), an entry the server lists unchanged is the recorded one.
 */
export async function capture(
  invocation: Invocation,
  io: CliIo,
  era: EraOption | undefined = invocation.era,
  authorizations?: Record<string, Authorization>,
  verified?: VerifiedEntries,
  config?: FoundConfig,
): Promise<{ surface: Surface; via: string; raw: RawSurface; sent: SentSurface }> {
  const raw = await captureRawSurface(invocation, io, era, authorizations)
  return { ...judgeLive(raw, invocation, io, verified, config?.config.profiles), raw }
}

async function captureRawSurface(invocation: Invocation, io: CliIo, era: EraOption | undefined = invocation.era, authorizations?: Record<string, Authorization>): Promise<RawSurface> {
  return captureRaw(await serverTarget(invocation, io), { timeoutMs: invocation.timeoutMs, signal: io.signal, era, authorizations, adviceFor: 'cli' })
}

/** Where a run finds credentials: its environment and configuration; found tokens join the scrubbed secrets. */
export function sources(io: CliIo, config?: FoundConfig): CredentialSources {
  return { env: io.env, config, secrets: io.secrets ?? [] }
}

/** `; 3 values compared by shape (volatile)`, or nothing when none is. */
function describeVolatile(surface: Surface): string {
  const paths = new Set((surface.volatile ?? []).map((value) => value.path)).size
  return paths === 0 ? '' : `; ${paths} value${paths === 1 ? '' : 's'} marked volatile, compared by shape`
}

function describeCounts(surface: Surface): string {
  const count = (list: unknown[] | undefined, noun: string) => (list ? [`${list.length} ${noun}${list.length === 1 ? '' : 's'}`] : [])
  const parts = [
    ...count(surface.tools, 'tool'),
    ...count(surface.prompts, 'prompt'),
    ...count(surface.resources, 'resource'),
    ...count(surface.resourceTemplates, 'resource template'),
  ]
  return parts.length > 0 ? parts.join(', ') : 'the server (it lists nothing)'
}
