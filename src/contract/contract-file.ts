import { readFileSync } from 'node:fs'
import { nestsDeeperThan } from '../schema/nesting-limit.js'
import { sortKeys, stableStringify } from '../surface/stable-json.js'
import type { RawSurface, Surface } from '../surface/types.js'
import { verifyRecorded, vouchEntries, type VerifiedEntries } from '../surface/vouched-entries.js'
import { writeFileAtomically } from '../surface/write-file-atomically.js'
import type { ListName } from '../surface/types.js'
import { ContractFileError } from './contract-error.js'
import { contractShapeProblem } from './contract-shape.js'
import { parseContractText, readContractText, throwIfTooDeep, unreadable, type ContractData } from './contract-text.js'
import { MAX_CONTRACT_DEPTH } from './nesting-depth.js'

export { CONTRACT_FORMAT, parseContractText, readContractText, type ContractData } from './contract-text.js'

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
 * What a contract file may vouch for: the surface as the server sent it, and the entries of it no
 * enforced lint rule finds fault with (`cleanEntries` in `lint/enforced-rules.ts`).
 */
export interface Vouching {
  raw: RawSurface
  eligible: ReadonlySet<object>
  /** Per entry of `raw`, what lint found in it as sent that the file cannot show (`sentRuleMarks` in `lint/sent-rule-marks.ts`). */
  sentMarks?: ReadonlyMap<object, string>
}

/**
 * The exact text of a contract file: sorted keys, 2-space indent, trailing newline, no
 * timestamps or machine paths. Equal surfaces give byte-identical files. With `vouching`, a
 * trailing `vouched` object holds a digest of each entry it vouches for (`surface/vouched-entries.ts`).
 * @example await writeFile('mcp-contract.json', serializeContract(surface))
 */
export function serializeContract(surface: Surface, vouching?: Vouching): string {
  const file = { format: contractFormatOf(surface), ...(sortKeys(surface) as Surface) }
  const text = `${stableStringify(file, 2)}\n`
  if (vouching === undefined) return text
  // Why from the text read back: a check digests the entries as it parses them from the file.
  const vouched = vouchEntries(vouching.raw, JSON.parse(text) as Surface, vouching.eligible, vouching.sentMarks)
  return vouched === undefined ? text : `${stableStringify({ ...file, vouched }, 2)}\n`
}

/**
 * Parses contract file text into a surface, checking it against `mcp-contract.schema.json`.
 * `source` names the file in error messages, which say what is wrong and where, and never quote
 * the file's contents.
 * @throws ContractFileError `invalid` (not JSON, not a contract, a value of the wrong shape, nested
 * more than 600 levels deep) or `newer` (written by a newer mcp-contract)
 */
export function parseContract(text: string, source = 'contract'): Surface {
  return contractSurface(parseContractText(text, source))
}

/**
 * {@link parseContract}, and the entries the file vouches for whose recorded half of the digest
 * holds: what `diffSurfaces` takes as `sent.verified`, to know which entries were clean when recorded.
 * @example const { surface, verified } = parseContractVouched(text, 'mcp-contract.json')
 */
export function parseContractVouched(text: string, source = 'contract'): { surface: Surface; verified: VerifiedEntries | undefined } {
  return contractSurfaceVouched(parseContractText(text, source))
}

/**
 * The second half of reading a contract (after `parseContractText`): its nesting depth checked,
 * then its shape against `mcp-contract.schema.json`, and older formats migrated.
 * @throws ContractFileError `invalid` for a file nested more than 600 levels deep or a value of the wrong shape
 * @example const recorded = contractSurface(parseContractText(text, file))
 */
export function contractSurface(contract: ContractData): Surface {
  return contractSurfaceVouched(contract).surface
}

/**
 * {@link contractSurface}, and the entries the file vouches for whose recorded half of the digest
 * holds (see `surface/vouched-entries.ts`); their shape is taken as snapshot checked it.
 * @throws ContractFileError `invalid` for a file nested more than 600 levels deep or a value of the wrong shape
 * @example const { surface, verified } = contractSurfaceVouched(parseContractText(text, file))
 */
export function contractSurfaceVouched({ data, text, source }: ContractData): { surface: Surface; verified: VerifiedEntries | undefined } {
  // Why the parsed data walked first: its objects are a fraction of the text's characters, and the
  // text (as deep as the data, or deeper) is scanned only to say where a file nests too deep.
  if (nestsDeeperThan(data, MAX_CONTRACT_DEPTH)) throwIfTooDeep(text, source)
  const { format: _format, $schema: _editorSchema, vouched: _vouched, ...surface } = data
  const verified = verifyRecorded(data)
  const problem = contractShapeProblem(verified === undefined ? data : withPlaceholders(data, verified))
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
  return { surface: parsed, verified }
}

/** The smallest entry of each list the contract schema accepts. */
const PLACEHOLDERS: Record<ListName, object> = {
  tools: { name: 'vouched', inputSchema: {}, hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true }, taskSupport: 'forbidden' },
  prompts: { name: 'vouched', arguments: [] },
  resources: { uri: 'vouched' },
  resourceTemplates: { uriTemplate: 'vouched' },
}

/**
 * The data with each verified entry replaced by a placeholder, for the shape check. Why in place
 * rather than left out: an error elsewhere names the index it has in the file.
 */
function withPlaceholders(data: Record<string, unknown>, verified: VerifiedEntries): Record<string, unknown> {
  const out = { ...data }
  for (const [list, byKey] of verified) {
    const entries = new Set([...byKey.values()].map(({ entry }) => entry))
    out[list] = (data[list] as unknown[]).map((entry) => (entries.has(entry as object) ? PLACEHOLDERS[list] : entry))
  }
  return out
}

function withNotRecorded(surface: Record<string, unknown>): Surface {
  return { ...(surface as unknown as Surface), notRecorded: Array.isArray(surface.notRecorded) ? (surface.notRecorded as Surface['notRecorded']) : [] }
}

/**
 * Reads and validates a contract file.
 * @throws ContractFileError `missing`, `unreadable`, `invalid` or `newer`
 * @example const recorded = await readContract('mcp-contract.json')
 */
export async function readContract(file: string): Promise<Surface> {
  return parseContract(await readContractText(file), file)
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

/**
 * Writes a contract file atomically: a temporary file next to it, then a rename, so a reader
 * never sees half a file and a failed write leaves the old one intact. A surface that would not
 * read back (a value of the wrong shape) is not written.
 * `vouching` adds the digests of what it vouches for (see {@link serializeContract}).
 * @example await writeContract('mcp-contract.json', await captureSurface(server))
 */
export async function writeContract(file: string, surface: Surface, vouching?: Vouching): Promise<void> {
  const text = serializeContract(surface, vouching)
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
  try {
    await writeFileAtomically(file, text)
  } catch (error) {
    throw new ContractFileError('unwritable', file, `${file} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder exists and is writable.`, { cause: error })
  }
}
