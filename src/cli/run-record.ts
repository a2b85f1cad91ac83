import { constants } from 'node:os'
import type { ConsumerContract } from '../consumer/consumer-contract.js'
import { recordingRun } from '../consumer/record/recording-run.js'
import { WireRecording } from '../consumer/record/wire-recording.js'
import { checkRecordTarget } from '../consumer/record/check-record-target.js'
import { findProjectRoot, projectPath } from '../contract/project-root.js'
import { spawnProblem } from '../capture/spawn-problem.js'
import { CliRunError } from './cli-error.js'
import type { CliIo } from './cli-io.js'
import { EXIT, SIGNAL_EXIT } from './exit-codes.js'
import type { Invocation } from './parse-argv.js'
import { proxyStdio, type WireTap } from '../capture/record-stdio-proxy.js'
import { runInvocation } from './run-invocation.js'

/**
 * The `mcp-contract record …` process: {@link runRecord} behind the CLI's argv parsing and error
 * handling, without loading the other commands (the process entry sends `record` here).
 * @example process.exitCode = await recordCli(['record', '--consumer', 'agent', '--out', 'agent.json', '--', 'node', 'server.js'], io)
 */
export function recordCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runInvocation(argv, io, runRecord)
}

/**
 * `mcp-contract record`: a proxy in front of a server (a command over stdio, or `--url` over
 * Streamable HTTP) that forwards every message unchanged and records the consumer's uses into
 * `--out`. A client that used nothing writes no file and fails loudly.
 */
export async function runRecord(invocation: Invocation, io: CliIo): Promise<number> {
  const out = projectPath(findProjectRoot(io.cwd, io.cwd), invocation.out as string)
  const consumer = invocation.consumer as string
  // Why before the server starts: a wrong --out fails at once, not after a whole test suite.
  await checkRecordTarget(out, consumer, invocation.recordNew)
  const record = new Recorder(invocation, io, out)
  return invocation.url === undefined ? recordStdio(invocation, io, record) : recordHttp(invocation, io, record)
}

async function recordStdio(invocation: Invocation, io: CliIo, record: Recorder): Promise<number> {
  const session = record.session('')
  let exit: Awaited<ReturnType<typeof proxyStdio>>
  try {
    // Why getters: Node builds process.stdin and process.stdout when first touched, which the
    // proxy does only once it has started the server, whose boot is what the client waits for.
    const ends = { get input() { return process.stdin }, get output() { return process.stdout }, signal: io.signal, env: io.env, cwd: io.cwd }
    const proxied = proxyStdio(invocation.serverCommand, session, ends)
    record.start()
    // Why: a client killed mid-call may have held this stderr too; a message it can no longer read is no crash.
    process.stderr.on('error', () => undefined)
    // Why when the client is done: the server then takes a while to exit, and the write after it no longer waits for its modules.
    process.stdin.once('end', () => void (session.recording.empty ? undefined : record.prepare().catch(() => undefined)))
    exit = await proxied
  } catch (error) {
    throw new CliRunError(`could not start ${invocation.serverCommand[0]}: ${spawnProblem(error)}. Check that the command after -- exists (on PATH or as an absolute path).`)
  }
  const stopped = io.signal?.aborted === true ? String(io.signal.reason) : undefined
  const serverCode = exit.code ?? 128 + (exit.signal === null ? 0 : (constants.signals[exit.signal] ?? 0))
  const wrote = await record.write([session], stopped !== undefined ? `stopped by ${stopped}` : serverCode !== 0 ? `the server exited with code ${serverCode}` : undefined)
  if (stopped !== undefined) return SIGNAL_EXIT[stopped] ?? EXIT.error
  return serverCode !== 0 ? serverCode : wrote ? EXIT.ok : EXIT.failed
}

async function recordHttp(invocation: Invocation, io: CliIo, record: Recorder): Promise<number> {
  const sessions = new Map<string, Session>()
  let wroteAny = false
  let writing = Promise.resolve()
  const writeSessions = (ended: Session[], why?: string) => (writing = writing.then(async () => void ((await record.write(ended, why, !wroteAny)) && (wroteAny = true))))
  const stop = io.signal ?? new AbortController().signal
  record.start()
  // Why loaded here: a stdio proxy needs no HTTP server (and `https` loads TLS).
  const { proxyHttp } = await import('../capture/record-http-proxy.js')
  // Why each reason once: every answer of a server that compresses alike would say the same.
  const undecodable = new Set<string>()
  try {
    await proxyHttp({
      target: new URL(invocation.url as string),
      port: invocation.port ?? 0,
      headers: { ...invocation.headers, ...(invocation.bearer !== undefined ? { Authorization: `Bearer ${invocation.bearer}` } : {}) },
      tapFor: (id) => sessions.get(id) ?? sessions.set(id, record.session(id)).get(id)!,
      onSessionEnd: (id) => {
        const ended = sessions.get(id)
        sessions.delete(id)
        if (ended !== undefined) void writeSessions([ended], `session ${id} ended`)
      },
      onListening: (url) => io.stderr(`mcp-contract record: listening ${url}, forwarding to ${new URL(invocation.url as string).origin}; recording consumer "${invocation.consumer}" to ${invocation.out}\n`),
      onUnreachable: (error) => io.stderr(`mcp-contract record: ${new URL(invocation.url as string).origin} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})\n`),
      onUndecodable: (why) => {
        if (undecodable.has(why)) return
        undecodable.add(why)
        io.stderr(`mcp-contract record: ${why}; it was forwarded unchanged, but what it held is not recorded\n`)
      },
      signal: stop,
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error
    throw new CliRunError(`port ${invocation.port} on 127.0.0.1 is ${code === 'EACCES' ? 'not open to this user' : 'in use'}; pick another with --port, or --port 0 for any free port`)
  }
  await writing
  const open = [...sessions.values()]
  if (open.some((session) => !session.recording.empty) || !wroteAny) await writeSessions(open, 'the proxy stopped')
  return wroteAny ? EXIT.ok : EXIT.failed
}

/** One client connection's recording, and the methods it sent (to say what was seen when nothing was used). */
interface Session extends WireTap {
  recording: WireRecording
  methods: Set<string>
}

/** Makes the recordings of one `record` run and writes them to `--out`. */
class Recorder {
  /** The run this process records in (see `recordingRun`). */
  private run: Promise<string> | undefined
  /** What writes the contract, once asked for. */
  private writing: Promise<typeof import('./record-writing.js')> | undefined

  constructor(
    private readonly invocation: Invocation,
    private readonly io: CliIo,
    private readonly out: string,
  ) {}

  /** Starts finding the run; the file is written in it. */
  start(): void {
    this.run ??= recordingRun(this.io.env)
  }

  /**
   * Starts loading what merges and writes a contract, which is needed once, when a client is done.
   * Why apart from {@link write}: called as the client finishes, the loading overlaps the server's exit.
   */
  prepare(): Promise<typeof import('./record-writing.js')> {
    this.writing ??= import('./record-writing.js')
    return this.writing
  }

  /** A new session's recording. */
  session(_id: string): Session {
    const { consumer, given, redact, maxExamples } = this.invocation
    const recording = new WireRecording({ consumer: consumer as string, given, redact, maxExamples, observeReads: false, keepOutputs: false })
    const methods = new Set<string>()
    return {
      recording,
      methods,
      get awaitsAnswers() {
        return recording.awaitsAnswers
      },
      fromClient(message) {
        for (const item of Array.isArray(message) ? message : [message]) {
          const method = (item as { method?: unknown } | null)?.method
          if (typeof method === 'string') methods.add(method)
        }
        recording.fromClient(message)
      },
      fromServer(message) {
        recording.fromServer(message)
      },
    }
  }

  /**
   * Writes what `sessions` recorded (merged) to `--out` and says so on stderr; when they recorded
   * nothing, writes nothing and says loudly what the client did instead. `loud` false keeps quiet
   * about an empty session once another wrote the file. True when the file was written.
   */
  async write(sessions: Session[], why: string | undefined, loud = true): Promise<boolean> {
    const used = sessions.filter((session) => !session.recording.empty)
    if (used.length === 0) {
      if (loud) this.io.stderr(nothingRecorded(this.invocation, sessions, why))
      return false
    }
    const { mergeConsumerContracts, writeRecordedContract } = await this.prepare()
    let contract: ConsumerContract | undefined
    for (const session of used) contract = contract === undefined ? await session.recording.contract() : mergeConsumerContracts(contract, await session.recording.contract(), { maxExamples: this.invocation.maxExamples })
    this.start()
    const { merged } = await writeRecordedContract(this.out, contract as ConsumerContract, { run: await this.run!, maxExamples: this.invocation.maxExamples })
    this.io.stderr(`mcp-contract record: recorded ${describeUses(contract as ConsumerContract)} for consumer "${contract!.consumer}" to ${this.invocation.out}${merged ? ", with this run's earlier recordings" : ''}${why !== undefined ? ` (${why})` : ''}\n`)
    return true
  }
}

function nothingRecorded(invocation: Invocation, sessions: Session[], why: string | undefined): string {
  const methods = [...new Set(sessions.flatMap((session) => [...session.methods]))]
  const listed = methods.length === 1 ? methods[0] : `${methods.slice(0, -1).join(', ')} and ${methods.at(-1)}`
  const seen =
    methods.length === 0
      ? 'The client sent no message at all'
      : `The client sent ${listed} but never called a tool (tools/call), got a prompt (prompts/get) or read a resource (resources/read)`
  return (
    `mcp-contract record: NOTHING RECORDED for consumer "${invocation.consumer}"; ${invocation.out} was not written${why !== undefined ? ` (${why})` : ''}. ` +
    `${seen}. Check that the consumer reaches its server through this command and that the tests that use the server ran.\n`
  )
}

function describeUses(contract: ConsumerContract): string {
  const count = (n: number, noun: string) => (n > 0 ? [`${n} ${noun}${n === 1 ? '' : 's'}`] : [])
  return [...count(contract.tools.length, 'tool'), ...count(contract.prompts.length, 'prompt'), ...count(contract.resources.length, 'resource')].join(', ')
}
