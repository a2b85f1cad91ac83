import { readdir } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import type { RawSurface } from '../surface/types.js'
import { findProject, type FoundConfig } from '../config/project-config.js'
import { projectPath } from '../contract/project-root.js'
import { ContractFileError } from '../contract/contract-error.js'
import { parseContractText, readContractText, type ContractData } from '../contract/contract-text.js'
import type { CliIo } from './cli-io.js'
import type { Invocation } from './parse-argv.js'
import { serverTarget } from './server-target.js'

/**
 * `check`: compares the live surface with the contract file, prints the classified report, and
 * returns the exit code. Bad input (a missing contract, one that is not JSON or of a newer format,
 * an unreadable consumer source) fails before any server is started.
 *
 * Why this file loads so little: a stdio server takes most of a check's time to boot and answer,
 * and it boots only once it is started; so the server starts as soon as the contract's first half
 * is read, and the contract's shape is checked, and the modules that judge the answer are loaded,
 * while the server boots. A contract of the wrong shape then stops the started server before its
 * error is shown, exactly as it would have been shown without one.
 */
export async function runCheck(invocation: Invocation, io: CliIo): Promise<number> {
  // Why the contract's first half before the server: a missing file, one that is not JSON or of a
  // newer format (a wrong --contract, mostly) fails fast without starting a server.
  const { root, config } = await findProject(io.cwd, io.cwd)
  const file = projectPath(root, invocation.contract, { contract: true })
  const contract = parseContractText(await readContractText(file).catch((error: unknown) => missingContract(error, invocation.contract)), file)
  // Why the recorded eras from the unchecked data: a contract recorded in both eras is checked in
  // both, or an era not read would look dropped; when the shape turns out wrong, what was read is dropped.
  const eras = contract.data.eras
  const era = invocation.era ?? (Array.isArray(eras) && eras.length === 2 ? 'both' : undefined)
  // Why the old order with --url or --used-by: named authorizations are read from the checked
  // contract, and a bad contract is reported before a bad consumer source.
  if (invocation.url !== undefined || invocation.usedBy !== undefined) return checkInOrder(invocation, io, { contract, config, era })
  const stop = new AbortController()
  const target = await serverTarget(invocation, io)
  const { captureRaw, loadStdioSdk } = await import('../capture/capture-raw.js')
  // Why first: with the SDK's transport loaded, captureRaw starts the server before the next
  // await below lets the contract's check and the imports run; else they would run first.
  await loadStdioSdk()
  // Why forwarded, not AbortSignal.any: on Node 22 the abort of a signal it combined did not
  // reach the capture (a wrong-shaped contract hung the check; test/cli/cli.test.ts on Node 22).
  if (io.signal !== undefined) {
    const outer = io.signal
    if (outer.aborted) stop.abort(outer.reason)
    else outer.addEventListener('abort', () => stop.abort(outer.reason), { once: true })
  }
  const raw = captureRaw(target, { timeoutMs: invocation.timeoutMs, signal: stop.signal, era, adviceFor: 'cli' })
  // Why: a capture that fails while the contract is still being checked must not count as unhandled; it is awaited below.
  raw.catch(() => {})
  const judged = await judgeWhileCapturing(contract, raw, stop)
  const { judgeLive, report } = judged.commands
  const { surface, sent } = judgeLive(await raw, invocation, io, judged.verified, config?.config.profiles)
  return report(judged.recorded, surface, invocation, io, { file, config, sent })
}

/**
 * Throws the error for a contract that could not be read; a missing one gets, as the matchers and
 * `record` give, the file beside it one slip of the keyboard away, and the snapshot command that
 * records it at the path the user gave.
 * @throws ContractFileError always
 */
async function missingContract(error: unknown, given: string): Promise<never> {
  if (!(error instanceof ContractFileError) || error.code !== 'missing') throw error
  // Why loaded here: only a missing contract needs the typo search.
  const { closeFileBeside } = await import('../surface/did-you-mean.js')
  const beside = await readdir(dirname(error.file)).catch(() => [] as string[])
  const snapshot = given === 'mcp-contract.json' ? 'mcp-contract snapshot' : `mcp-contract snapshot --contract ${given}`
  const typo = closeFileBeside(error.file, beside)
  throw new ContractFileError('missing', error.file, `${error.file} does not exist.${typo} ${typo === '' ? 'Record' : 'If not, record'} it first with \`${snapshot} -- <server command…>\`.`, { cause: error })
}

/**
 * The recorded surface and the modules that judge the live one, loaded while `raw` is captured.
 * A contract of the wrong shape stops the capture, waits for the server to be closed, and throws.
 */
async function judgeWhileCapturing(contract: ContractData, raw: Promise<RawSurface>, stop: AbortController) {
  try {
    const [{ contractSurfaceVouched }, commands, { loadVersionAdvice }] = await Promise.all([
      import('../contract/contract-file.js'),
      import('./judge-surface.js'),
      import('../diff/version-advice.js'),
    ])
    const { surface: recorded, verified } = contractSurfaceVouched(contract)
    loadVersionAdvice()
    return { recorded, verified, commands }
  } catch (error) {
    stop.abort(error)
    await raw.catch(() => {})
    throw error
  }
}

/** check with the contract checked whole before the consumer's source is read and the server started. */
async function checkInOrder(invocation: Invocation, io: CliIo, read: { contract: ContractData; config: FoundConfig | undefined; era: Invocation['era'] }): Promise<number> {
  const [{ contractSurfaceVouched }, { authorizationsFor }, { capture, consumerLiterals, sources }, { report }] = await Promise.all([
    import('../contract/contract-file.js'),
    import('./resolve-authorizations.js'),
    import('./run-commands.js'),
    import('./judge-surface.js'),
  ])
  const { contract, config, era } = read
  const file = contract.source
  // Why vouched here too: an entry the contract vouches for and the server lists unchanged is reused, as in the other order.
  const { surface: recorded, verified } = contractSurfaceVouched(contract)
  const literals = await consumerLiterals(invocation, io)
  const authorizations = authorizationsFor(invocation, sources(io, config), { surface: recorded, file: relative(io.cwd, file) || file })
  const { surface, sent } = await capture(invocation, io, era, authorizations, verified, config)
  return report(recorded, surface, invocation, io, { file, config, literals, sent })
}
