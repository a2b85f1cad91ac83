import { readFileSync } from 'node:fs'
import { ContractFileError } from './contract-error.js'
import { findTooDeep, MAX_CONTRACT_DEPTH } from './nesting-depth.js'

/**
 * The newest contract file format this version reads. Format 2 adds `authorizations` (the surface
 * as seen by each named authorization); a file without them is still written as format 1, byte
 * for byte what earlier versions wrote. Older formats are migrated on read.
 */
export const CONTRACT_FORMAT = 2

/** A contract file read as JSON: an object, of a format this version reads; its depth and shape not yet checked. */
export interface ContractData {
  /** The whole parsed object, `format` included. */
  data: Record<string, unknown>
  /** The file's text, for the depth check and its line and column. */
  text: string
  /** What error messages call the file. */
  source: string
}

/**
 * Reads a contract file's text.
 * @throws ContractFileError `missing` or `unreadable`
 * @example const text = await readContractText('mcp-contract.json')
 */
export async function readContractText(file: string): Promise<string> {
  try {
    // Why read at once: the promise API reads a file in 512 KiB pieces, and a large server's
    // contract is megabytes (measured at 3 MB: four times the instructions of one read).
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw unreadable(file, error)
  }
}

/**
 * The first half of reading a contract: the text parsed as JSON, and its format number checked;
 * its nesting depth and shape are checked by `contractSurface` in `contract-file.ts`. Why apart:
 * `check` learns which eras to read from this half, starts the server, and does the costly half
 * while the server boots. Why JSON.parse before the depth check: JSON.parse is not recursive;
 * what reads the surface afterwards is. A file that fails here is checked for depth first, so it
 * gets the message it always got.
 * @throws ContractFileError `invalid` (not JSON, not an object, no format, nested more than 600 levels deep), `newer`, or
 * `consumer-contract` (a consumer's contract given where a provider contract belongs)
 * @example const { data } = parseContractText(text, 'mcp-contract.json')
 */
export function parseContractText(text: string, source = 'contract'): ContractData {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throwIfTooDeep(text, source)
    throw new ContractFileError('invalid', source, `${source} is not valid JSON (${whyNotJson(text, error)}). Restore it from version control, or record it again with \`mcp-contract snapshot\`.`, { cause: error })
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throwIfTooDeep(text, source)
    throw invalidContract(source, 'it is not a JSON object')
  }
  if (isConsumerContract(data)) throw consumerContractGiven(source)
  const { format } = data as Record<string, unknown>
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
    throwIfTooDeep(text, source)
    throw invalidContract(source, 'it has no "format" number')
  }
  if (format > CONTRACT_FORMAT) {
    throwIfTooDeep(text, source)
    throw new ContractFileError('newer', source, `${source} has contract format ${format}, but this mcp-contract reads format ${CONTRACT_FORMAT} and older. Upgrade mcp-contract (npm i -D mcp-contract@latest); do not re-record it with this version, that would lose what the newer one recorded.`)
  }
  return { data: data as Record<string, unknown>, text, source }
}

/**
 * Throws when the text nests deeper than a contract may (`MAX_CONTRACT_DEPTH`), naming the line
 * and column. Why: what reads the surface is recursive; every other check of a file comes after this one.
 * @throws ContractFileError `invalid`
 */
export function throwIfTooDeep(text: string, source: string): void {
  const tooDeep = findTooDeep(text)
  if (tooDeep !== undefined) {
    throw invalidContract(source, `it nests objects and arrays more than ${MAX_CONTRACT_DEPTH} levels deep (line ${tooDeep.line}, column ${tooDeep.column}); no recorded surface does`)
  }
}

/**
 * Why a file is not JSON, in words that never quote it, at a line and column (never V8's
 * character offset): every file mcp-contract reads (provider and consumer contracts, pacts, the
 * configuration) says it this one way.
 * Why: V8's own message quotes the text ("hello world" is not valid JSON), and a file given by
 * mistake may hold secrets.
 * @example whyNotJson('{"a": 1,', error) // 'it ends in the middle of a JSON value, at line 1, column 9'
 */
export function whyNotJson(text: string, error: unknown): string {
  if (text.trim() === '') return 'the file is empty'
  if (text.includes('\u0000')) return 'it is binary, not text'
  const message = (error as Error).message
  const position = /at position (\d+)/.exec(message)
  // Why both: V8 says "Unexpected end of JSON input" for some truncations and names the end's position for others.
  if (/Unexpected end of JSON input/.test(message) || (position !== null && Number(position[1]) >= text.trimEnd().length)) return `it ends in the middle of a JSON value, at ${lineAndColumn(text, text.trimEnd().length)}`
  if (position !== null) return `unexpected text at ${lineAndColumn(text, Number(position[1]))}`
  if (/^\s*</.test(text)) return 'it looks like HTML or XML'
  return 'it does not parse as JSON'
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset)
  return `line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`
}

/** A consumer contract's marks: the `consumer` it names and the `tools` it uses, and no recorded `server`. */
function isConsumerContract(data: object): boolean {
  const { consumer, tools, server } = data as Record<string, unknown>
  return typeof consumer === 'string' && Array.isArray(tools) && server === undefined
}

// Why its own code: every command that takes a provider contract says what the file is and what
// to run with it, and snapshot never offers --force over it (that would overwrite a consumer's contract).
function consumerContractGiven(source: string): ContractFileError {
  return new ContractFileError(
    'consumer-contract',
    source,
    `${source} is a consumer contract (what one client uses, as toMatchConsumerContract and mcp-contract record write it), not a provider contract. ` +
      `Verify a server against it with \`mcp-contract verify --consumers ${source} -- <server command…>\` or toSatisfyConsumerContracts; where a provider contract belongs, pass the one mcp-contract snapshot records (default mcp-contract.json).`,
  )
}

function invalidContract(source: string, why: string): ContractFileError {
  return new ContractFileError('invalid', source, `${source} is not an mcp-contract file: ${why}. Record it with \`mcp-contract snapshot\`, or point --contract at the right file.`)
}

/** The error for a contract file that cannot be read: `missing` (with what to do) or `unreadable`. */
export function unreadable(file: string, error: unknown): ContractFileError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') {
    return new ContractFileError('missing', file, `${file} does not exist. Record it first with \`mcp-contract snapshot\` (or run the test once outside CI).`, { cause: error })
  }
  return new ContractFileError('unreadable', file, `${file} could not be read (${code ?? (error as Error).message}).`, { cause: error })
}
