import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { sortKeys, stableStringify } from '../surface/stable-json.js'
import type { Surface } from '../surface/types.js'
import { ContractFileError } from './contract-error.js'
import { contractShapeProblem } from './contract-shape.js'
import { findTooDeep, MAX_CONTRACT_DEPTH } from './nesting-depth.js'

/**
 * The newest contract file format this version reads. Format 2 adds `authorizations` (the surface
 * as seen by each named authorization); a file without them is still written as format 1, byte
 * for byte what earlier versions wrote. Older formats are migrated on read.
 */
export const CONTRACT_FORMAT = 2

/**
 * The format a surface is written in: the oldest that holds all of it. Why not always the newest:
 * an earlier mcp-contract reading a file with authorizations would check only the unnamed view and
 * pass silently; format 2 makes it stop and say to upgrade, while every other file stays readable by it.
 */
export function contractFormatOf(surface: Surface): number {
  return surface.authorizations !== undefined && Object.keys(surface.authorizations).length > 0 ? 2 : 1
}

/** The default contract file name, relative to where the CLI runs. */
export const DEFAULT_CONTRACT_FILE = 'mcp-contract.json'

/**
 * The exact text of a contract file: sorted keys, 2-space indent, trailing newline, no
 * timestamps or machine paths. Equal surfaces give byte-identical files.
 * @example await writeFile('mcp-contract.json', serializeContract(surface))
 */
export function serializeContract(surface: Surface): string {
  return `${stableStringify({ format: contractFormatOf(surface), ...(sortKeys(surface) as Surface) }, 2)}\n`
}

/**
 * Parses contract file text into a surface, checking it against `mcp-contract.schema.json`.
 * `source` names the file in error messages, which say what is wrong and where, and never quote
 * the file's contents.
 * @throws ContractFileError `invalid` (not JSON, not a contract, a value of the wrong shape, nested
 * more than 600 levels deep) or `newer` (written by a newer mcp-contract)
 */
export function parseContract(text: string, source = 'contract'): Surface {
  // Why before parsing: what reads the surface afterwards is recursive, and JSON.parse is not.
  const tooDeep = findTooDeep(text)
  if (tooDeep !== undefined) {
    throw invalid(source, `it nests objects and arrays more than ${MAX_CONTRACT_DEPTH} levels deep (line ${tooDeep.line}, column ${tooDeep.column}); no recorded surface does`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ContractFileError('invalid', source, `${source} is not valid JSON (${whyNotJson(text, error)}). Restore it from version control, or record it again with \`mcp-contract snapshot\`.`, { cause: error })
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(source, 'it is not a JSON object')
  }
  const { format, $schema: _editorSchema, ...surface } = data as Record<string, unknown>
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
    throw invalid(source, 'it has no "format" number')
  }
  if (format > CONTRACT_FORMAT) {
    throw new ContractFileError('newer', source, `${source} has contract format ${format}, but this mcp-contract reads format ${CONTRACT_FORMAT} and older. Upgrade mcp-contract (npm i -D mcp-contract@latest); do not re-record it with this version, that would lose what the newer one recorded.`)
  }
  const problem = contractShapeProblem(data)
  if (problem !== undefined) {
    throw new ContractFileError(
      'invalid',
      source,
      `${source} is not a valid mcp-contract file: ${problem}. Fix that value (mcp-contract.schema.json in the package describes the format), restore the file from version control, or record it again with \`mcp-contract snapshot\`.`,
    )
  }
  const parsed = withNotRecorded(surface) as Surface
  if (parsed.authorizations !== undefined) {
    parsed.authorizations = Object.fromEntries(Object.entries(parsed.authorizations).map(([name, view]) => [name, withNotRecorded(view as unknown as Record<string, unknown>)]))
  }
  return parsed
}

function withNotRecorded(surface: Record<string, unknown>): Surface {
  return { ...(surface as unknown as Surface), notRecorded: Array.isArray(surface.notRecorded) ? (surface.notRecorded as Surface['notRecorded']) : [] }
}

/**
 * Why a contract is not JSON, in words that never quote it.
 * Why: V8's own message quotes the text ("hello world" is not valid JSON), and a file given by
 * mistake may hold secrets.
 */
function whyNotJson(text: string, error: unknown): string {
  if (text.trim() === '') return 'the file is empty'
  if (text.includes('\u0000')) return 'it is binary, not text'
  const message = (error as Error).message
  if (/Unexpected end of JSON input/.test(message)) return 'it ends in the middle of a JSON value'
  const position = /at position (\d+)/.exec(message)
  if (position !== null) {
    const before = text.slice(0, Number(position[1]))
    const line = before.split('\n').length
    return `unexpected text at line ${line}, column ${before.length - before.lastIndexOf('\n')}`
  }
  if (/^\s*</.test(text)) return 'it looks like HTML or XML'
  return 'it does not parse as JSON'
}

function invalid(source: string, why: string): ContractFileError {
  return new ContractFileError('invalid', source, `${source} is not an mcp-contract file: ${why}. Record it with \`mcp-contract snapshot\`, or point --contract at the right file.`)
}

/**
 * Reads and validates a contract file.
 * @throws ContractFileError `missing`, `unreadable`, `invalid` or `newer`
 * @example const recorded = await readContract('mcp-contract.json')
 */
export async function readContract(file: string): Promise<Surface> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw unreadable(file, error)
  }
  return parseContract(text, file)
}

/**
 * Reads and validates a contract file synchronously, for APIs that must return at once (`mockServer`).
 * @throws ContractFileError `missing`, `unreadable`, `invalid` or `newer`
 * @example const recorded = readContractSync('mcp-contract.json')
 */
export function readContractSync(file: string): Surface {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw unreadable(file, error)
  }
  return parseContract(text, file)
}

function unreadable(file: string, error: unknown): ContractFileError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') {
    return new ContractFileError('missing', file, `${file} does not exist. Record it first with \`mcp-contract snapshot\` (or run the test once outside CI).`, { cause: error })
  }
  return new ContractFileError('unreadable', file, `${file} could not be read (${code ?? (error as Error).message}).`, { cause: error })
}

/**
 * Writes a contract file atomically: a temporary file next to it, then a rename, so a reader
 * never sees half a file and a failed write leaves the old one intact. A surface that would not
 * read back (a value of the wrong shape) is not written.
 * @example await writeContract('mcp-contract.json', await captureSurface(server))
 */
export async function writeContract(file: string, surface: Surface): Promise<void> {
  const text = serializeContract(surface)
  // Why: a contract is written only if it reads back; a server that sends, say, `"enum": "x"`
  // would otherwise leave a file that every later check refuses.
  const problem = contractShapeProblem(JSON.parse(text))
  if (problem !== undefined) {
    throw new ContractFileError(
      'unwritable',
      file,
      `${file} was not written: the surface has a value of the wrong shape (${problem}), so the file would not read back. The server sends an invalid value there; fix the server, then record again.`,
    )
  }
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw new ContractFileError('unwritable', file, `${file} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder exists and is writable.`, { cause: error })
  }
}
