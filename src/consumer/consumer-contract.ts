import type { ValidateFunction } from 'ajv'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { whyNotJson } from '../contract/contract-text.js'
import { doesNotExist } from '../contract/project-root.js'
import { validate as compiledValidate } from '../contract/consumer-contract-validator.generated.js'
import { sortKeys } from '../surface/stable-json.js'
import { writeFileAtomically } from '../surface/write-file-atomically.js'
import type { Json, Schema, ToolHints } from '../surface/types.js'
import { CONSUMER_CONTRACT_FORMAT, ConsumerContractError } from './consumer-contract-format.js'

// Why re-exported: the rest of the package takes these with the file's reading and writing, from here.
export { CONSUMER_CONTRACT_FORMAT, ConsumerContractError, consumerContractFormatOf } from './consumer-contract-format.js'

/** The arguments of one call a consumer made. */
export type ConsumerExample = { [key: string]: Json }

/** One tool as a consumer uses it. */
export interface ConsumerTool {
  name: string
  /** The hints as the consumer saw them; absent when the server did not list the tool. */
  hints?: ToolHints
  /**
   * The digest of the texts the agent read about the tool when it was recorded (title, description,
   * each argument's title, description, default and enum): `sha256:<hex>` of their canonical JSON
   * (`toolTextDigest`). Verify reports a tool whose texts moved since. Absent when the listing was
   * not seen as the server sent it, and in contracts recorded before it was kept.
   */
  textDigest?: string
  /** Arguments the consumer sent, one per shape, secrets redacted. */
  examples: ConsumerExample[]
  /**
   * Arguments sent with the server in a named state (`recordConsumer(client, { given })`), by
   * state: `{ 'cart has 2 items': [{ sku: 'A1' }] }`. Absent when no example names a state.
   */
  given?: { [state: string]: ConsumerExample[] }
  /**
   * Output fields the consumer's own code read from `structuredContent` (reads made inside its
   * dependencies do not count), and the reads it declared; dotted (`items[].price`), sorted.
   */
  reads: string[]
  /**
   * Present when a dependency (a framework) serialised the output whole, for the model: the
   * fields it held that the consumer's code did not read. Removing one is risky, not breaking.
   * Format 2.
   */
  seen?: string[]
  /** The part of the advertised output schema the read paths rely on. */
  output?: Schema
}

/** What one client of a server uses; the content of a `.mcp-consumer.json` file. */
export interface ConsumerContract {
  format: 1 | 2
  consumer: string
  /**
   * The server's name as the consumer saw it (`serverInfo.name`): where `publish` stores the
   * contract and whom `pact export` names. Absent in contracts recorded before it was kept, and
   * when the server did not name itself.
   */
  provider?: string
  /**
   * `false` when the contract was recorded from the wire alone (the `record` proxy): nobody saw
   * what the consumer's code read, so `reads` holds only declared reads and verify judges calls,
   * arguments and the output's presence. Absent when reads were observed. Format 2.
   */
  readsObserved?: false
  tools: ConsumerTool[]
  prompts: { name: string; arguments: string[] }[]
  resources: { uri: string }[]
}

/**
 * The file text of a consumer contract: stable key order, lists sorted by name, two-space
 * indent, a final newline, so the same use gives the same bytes.
 */
export function serializeConsumerContract(contract: ConsumerContract): string {
  const ordered = {
    format: contract.format,
    consumer: contract.consumer,
    ...(contract.provider !== undefined ? { provider: contract.provider } : {}),
    ...(contract.readsObserved === false ? { readsObserved: false } : {}),
    tools: [...contract.tools]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((tool) => ({
        name: tool.name,
        ...(tool.hints ? { hints: { readOnlyHint: tool.hints.readOnlyHint, destructiveHint: tool.hints.destructiveHint, idempotentHint: tool.hints.idempotentHint, openWorldHint: tool.hints.openWorldHint } } : {}),
        ...(tool.textDigest !== undefined ? { textDigest: tool.textDigest } : {}),
        examples: tool.examples.map((example) => sortKeys(example)),
        ...(tool.given !== undefined && Object.keys(tool.given).length > 0
          ? { given: Object.fromEntries(Object.keys(tool.given).sort().map((state) => [state, tool.given![state].map((example) => sortKeys(example))])) }
          : {}),
        reads: [...tool.reads].sort(),
        ...(tool.seen !== undefined ? { seen: [...tool.seen].sort() } : {}),
        ...(tool.output !== undefined ? { output: sortKeys(tool.output) } : {}),
      })),
    prompts: [...contract.prompts].sort((a, b) => a.name.localeCompare(b.name)).map((prompt) => ({ name: prompt.name, arguments: [...prompt.arguments].sort() })),
    resources: [...contract.resources].sort((a, b) => a.uri.localeCompare(b.uri)).map((resource) => ({ uri: resource.uri })),
  }
  return `${JSON.stringify(ordered, null, 2)}\n`
}

// Why compiled ahead of time (`npm run schemas`): loading Ajv and compiling the schema cost each
// `record` that joins a file more than forwarding all its messages.
const validate = compiledValidate as ValidateFunction

/**
 * Parses consumer contract text, checking it against `mcp-consumer-contract.schema.json`.
 * @throws ConsumerContractError naming the file and the first wrong value
 */
export function parseConsumerContract(text: string, source: string): ConsumerContract {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ConsumerContractError(`${source} is not valid JSON (${whyNotJson(text, error)}). Restore it from version control, or record it again by running the consumer's tests with -u.`)
  }
  const format = (data as { format?: unknown } | null)?.format
  if (typeof format === 'number' && format > CONSUMER_CONTRACT_FORMAT) {
    throw new ConsumerContractError(`${source} has consumer contract format ${format}; this mcp-contract reads format ${CONSUMER_CONTRACT_FORMAT}. Upgrade mcp-contract.`)
  }
  if (isProviderContract(data)) {
    throw new ConsumerContractError(
      `${source} is a provider contract (a server's recorded surface, as mcp-contract snapshot and toHonorContract write it), not a consumer contract. ` +
        'Pass consumer contracts here, recorded in a consumer\'s tests with toMatchConsumerContract (*.mcp-consumer.json); check a provider contract with mcp-contract check or toHonorContract.',
    )
  }
  if (!validate(data)) {
    const [error] = validate.errors ?? []
    const where = error?.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'the file'
    throw new ConsumerContractError(
      `${source} is not a valid consumer contract: ${where} ${error?.message ?? 'has the wrong shape'}. mcp-consumer-contract.schema.json in the package describes the format; restore the file or record it again with -u.`,
    )
  }
  return data as ConsumerContract
}

/** A provider contract file's marks: a recorded `server` block, and no `consumer`. */
function isProviderContract(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  const { server, consumer } = data as { server?: unknown; consumer?: unknown }
  return consumer === undefined && typeof server === 'object' && server !== null
}

/**
 * Reads and parses one consumer contract file.
 * @throws ConsumerContractError when it is missing, unreadable or invalid
 */
export async function readConsumerContract(file: string, shown = file): Promise<ConsumerContract> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const problem = code === 'ENOENT' ? doesNotExist(shown, resolve(file)) : `${shown} could not be read (${code ?? (error as Error).message})`
    throw new ConsumerContractError(`${problem}. Record it in the consumer's tests with toMatchConsumerContract.`)
  }
  return parseConsumerContract(text, shown)
}

/** Writes a consumer contract atomically (`writeFileAtomically`: a temporary file, fsync, then a rename). */
export async function writeConsumerContract(file: string, contract: ConsumerContract): Promise<void> {
  try {
    await writeFileAtomically(file, serializeConsumerContract(contract))
  } catch (error) {
    throw new ConsumerContractError(`${file} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder exists and is writable.`)
  }
}

