import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** The environment variable that names a recording run, over the process group. */
export const RECORD_RUN_ENV = 'MCP_CONTRACT_RECORD_RUN'

/**
 * The run a recording belongs to: `$MCP_CONTRACT_RECORD_RUN` when set, else this process's
 * process group and the start time of its leader (`npm test`, `vitest run` and everything they
 * start share one group; the next command typed or run by CI gets another).
 * Why a run at all: within one run, parallel test processes add their uses to one file; a file
 * left by an earlier run is replaced, or a use the consumer dropped would stay in it forever.
 * @example await recordingRun(process.env) // 'group 4242 started 81234567'
 */
export async function recordingRun(env: NodeJS.ProcessEnv): Promise<string> {
  const named = env[RECORD_RUN_ENV]
  if (named !== undefined && named.trim() !== '') return `named ${named}`
  if (process.platform === 'linux') {
    const group = (await statFields(process.pid))?.[2]
    if (group !== undefined) return `group ${group} started ${(await statFields(Number(group)))?.[19] ?? 'unknown'}`
  } else if (process.platform !== 'win32') {
    const group = (await ps(['-o', 'pgid=', '-p', String(process.pid)])).trim()
    if (group !== '') return `group ${group} started ${(await ps(['-o', 'lstart=', '-p', group])).trim() || 'unknown'}`
  }
  // Why the parent: where no process group can be read, one parent (a test runner's worker) is one run.
  return `parent ${process.ppid}`
}

/** The run that last wrote `file`, as {@link markRun} left it; `undefined` when none did. */
export async function runThatWrote(file: string): Promise<string | undefined> {
  return readFile(markerOf(file), 'utf8').catch(() => undefined)
}

/**
 * Remembers that `run` wrote `file`. Why outside the file's folder: the contract is committed and
 * must hold nothing about the machine; the marker lives in the temporary folder, keyed by path.
 */
export async function markRun(file: string, run: string): Promise<void> {
  const marker = markerOf(file)
  await mkdir(join(marker, '..'), { recursive: true })
  await writeFile(marker, run, 'utf8')
}

function markerOf(file: string): string {
  return join(tmpdir(), 'mcp-contract-record-runs', `${fnv1a64(resolve(file))}.run`)
}

/**
 * The 64-bit FNV-1a hash of a text's UTF-8 bytes, as 16 hex digits.
 * Why not node:crypto: the hash only tells files apart, and loading crypto cost a `record`
 * process, whose start a whole consumer suite waits on, more than everything it hashes.
 */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n
  for (const byte of Buffer.from(text, 'utf8')) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn
  return hash.toString(16).padStart(16, '0')
}

/** The fields of `/proc/<pid>/stat` after the command name (state first); `undefined` when unreadable. */
// Why a synchronous read: `/proc` never blocks, and a promise read costs `record`'s start more.
async function statFields(pid: number): Promise<string[] | undefined> {
  let stat: string | undefined
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    stat = undefined
  }
  // Why after the last `)`: the command name may itself hold spaces and parentheses.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')
}

function ps(args: string[]): Promise<string> {
  return new Promise((done) => execFile('ps', args, { env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) => done(error ? '' : stdout)))
}
