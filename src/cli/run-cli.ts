import { resolve } from 'node:path'
import { captureRaw, CaptureError, type EraOption } from '../capture/capture-raw.js'
import { normalizeSurface } from '../surface/normalize.js'
import { ContractFileError } from '../contract/contract-error.js'
import { readContract, serializeContract, writeContract } from '../contract/contract-file.js'
import { diffSurfaces } from '../diff/diff-surfaces.js'
import { formatReport } from '../report/format-report.js'
import { printSurfaceSnapshot } from '../report/surface-serializer.js'
import type { Surface } from '../surface/types.js'
import { CliUsageError } from './cli-error.js'
import { parseArgv, USAGE, type Invocation } from './parse-argv.js'

/** Where a CLI run reads and writes: the real process, or a test's buffers. */
export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
  env: NodeJS.ProcessEnv
  /** Aborted with the signal's name (`SIGINT`, `SIGTERM`) when the run must stop; closes what it started. */
  signal?: AbortSignal
}

/** Exit codes: nothing fails · a change at or above the fail level · could not run. */
export const EXIT = { ok: 0, failed: 1, error: 2 } as const

/** Exit codes after a signal, as shells report them: 128 + the signal's number. */
export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 }

/**
 * Runs one CLI invocation and returns its exit code. Expected failures (bad arguments, a server
 * that will not start or hangs, an unusable contract file) print one clear message, no stack.
 * @example process.exitCode = await runCli(process.argv.slice(2), processIo())
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const invocation = parseArgv(argv)
    if (invocation.help) {
      io.stdout(`${USAGE}\n`)
      return EXIT.ok
    }
    const code = await COMMAND_RUNNERS[invocation.command](invocation, io)
    return stoppedBySignal(io) ?? code
  } catch (error) {
    const stopped = stoppedBySignal(io)
    if (stopped !== undefined) return stopped
    if (error instanceof CliUsageError) {
      io.stderr(`mcp-contract: ${error.message}\n\n${USAGE}\n`)
      return EXIT.error
    }
    if (error instanceof CaptureError || error instanceof ContractFileError) {
      io.stderr(`mcp-contract: ${(error as Error).message}\n`)
      return EXIT.error
    }
    io.stderr(`mcp-contract: unexpected error — please report it\n${(error as Error)?.stack ?? String(error)}\n`)
    return EXIT.error
  }
}

/** The exit code of a run stopped by a signal, after saying so; `undefined` when none came. */
function stoppedBySignal(io: CliIo): number | undefined {
  if (io.signal?.aborted !== true) return undefined
  const name = String(io.signal.reason)
  io.stderr(`mcp-contract: stopped by ${name}; the server it started (if any) was closed, and no contract file was written.\n`)
  return SIGNAL_EXIT[name] ?? EXIT.error
}

const COMMAND_RUNNERS: Record<Invocation['command'], (invocation: Invocation, io: CliIo) => Promise<number>> = {
  /** Records the live surface into the contract file. */
  async snapshot(invocation, io) {
    const file = resolve(io.cwd, invocation.contract)
    const { surface } = await capture(invocation, io)
    // Why: a signal that came while capturing the last list must not still write the file.
    if (io.signal?.aborted) return EXIT.error
    await writeContract(file, surface)
    io.stdout(`recorded ${describeCounts(surface)} to ${invocation.contract}\n`)
    return EXIT.ok
  },
  /** Compares the live surface with the contract file. */
  async check(invocation, io) {
    // Why: read the contract first, so a bad file fails fast without starting a server.
    const recorded = await readContract(resolve(io.cwd, invocation.contract))
    // Why: a contract recorded in both eras is checked in both, or an era not read would look dropped.
    const era = invocation.era ?? (recorded.eras?.length === 2 ? 'both' : undefined)
    return report(recorded, (await capture(invocation, io, era)).surface, invocation, io)
  },
  /** Prints the live surface; records nothing. */
  async show(invocation, io) {
    const { surface, via } = await capture(invocation, io)
    io.stdout(invocation.format === 'json' ? serializeContract(surface) : `${via}\n${printSurfaceSnapshot(surface)}\n`)
    return EXIT.ok
  },
  /** Compares two contract files. */
  async diff(invocation, io) {
    const [old, now] = invocation.files.map((file) => resolve(io.cwd, file))
    return report(await readContract(old), await readContract(now), invocation, io)
  },
}

function report(recorded: Surface, live: Surface, invocation: Invocation, io: CliIo): number {
  const result = diffSurfaces(recorded, live, { failOn: invocation.failOn, strict: invocation.strict })
  io.stdout(formatReport(result, { format: invocation.format }))
  return result.ok ? EXIT.ok : EXIT.failed
}

/** Reads the live surface, and says in words which wire and era(s) it was read over. */
async function capture(invocation: Invocation, io: CliIo, era: EraOption | undefined = invocation.era): Promise<{ surface: Surface; via: string }> {
  const options = { timeoutMs: invocation.timeoutMs, signal: io.signal, era }
  const [command, ...args] = invocation.serverCommand
  const raw =
    invocation.url !== undefined
      ? await captureRaw({ url: invocation.url, headers: invocation.headers, bearer: invocation.bearer, transport: invocation.transport }, options)
      : // Why: the server is the user's own program; it gets the environment the CLI got.
        await captureRaw({ command, args, cwd: io.cwd, env: definedEnv(io.env) }, options)
  const surface = normalizeSurface(raw)
  const eras = surface.eras ?? ['legacy']
  return { surface, via: `# read over ${raw.transport ?? 'stdio'} in the ${eras.join(' and ')} era${eras.length > 1 ? 's' : ''}` }
}

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
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
