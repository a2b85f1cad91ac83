import { access, constants, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { withFileLock } from './contract-file-lock.js'
import { ConsumerContractError, readConsumerContract, writeConsumerContract, type ConsumerContract } from './consumer-contract.js'
import { assertSameConsumer, mergeConsumerContracts } from './merge-consumer-contracts.js'
import { markRun, runThatWrote } from './recording-run.js'

/** Where a recording goes and how it joins what is there. */
export interface RecordedContractTarget {
  /** The run this recording belongs to (see `recordingRun`). */
  run: string
  /** At most this many examples per tool after merging. Default 5. */
  maxExamples?: number
}

/**
 * Writes a recorded consumer contract to `file` under a lock: when the same run wrote the file
 * before, the two are merged (parallel test processes lose nothing); a file from an earlier run is
 * replaced, as a test run's snapshots are. The write is atomic (temporary file, then rename).
 * @throws ConsumerContractError when the file holds another consumer, cannot be read or written
 * @example await writeRecordedContract('contracts/agent.mcp-consumer.json', contract, { run: await recordingRun(process.env) })
 * // { merged: false }
 */
export async function writeRecordedContract(file: string, recorded: ConsumerContract, { run, maxExamples }: RecordedContractTarget): Promise<{ merged: boolean }> {
  return withFileLock(file, async () => {
    const existing = await exists(file) ? await readConsumerContract(file) : undefined
    // Why refuse even across runs: replacing another consumer's file would lose it without a word.
    if (existing !== undefined) assertSameConsumer(file, existing.consumer, recorded.consumer)
    const merged = existing !== undefined && (await runThatWrote(file)) === run
    await writeConsumerContract(file, merged ? mergeConsumerContracts(existing, recorded, { maxExamples, source: file }) : recorded)
    await markRun(file, run)
    return { merged }
  })
}

/**
 * Checks before recording that `file` can be written: its folder exists and is writable, and an
 * existing file is a consumer contract of `consumer`.
 * @throws ConsumerContractError saying what is wrong and what to do
 */
export async function checkRecordTarget(file: string, consumer: string): Promise<void> {
  try {
    await access(dirname(file), constants.W_OK)
  } catch (error) {
    throw new ConsumerContractError(`${file} cannot be written: its folder ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'is not writable'}. Create the folder or choose another --out.`)
  }
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new ConsumerContractError(`${file} could not be read (${error.code ?? error.message}); record writes nothing over a file it cannot read. Choose another --out.`)
  })
  if (text === undefined) return
  // Why JSON alone here: the whole file is validated when it is merged; Ajv would delay the server's start.
  let held: unknown
  try {
    held = (JSON.parse(text) as { consumer?: unknown } | null)?.consumer
  } catch {
    held = undefined
  }
  if (typeof held !== 'string') throw new ConsumerContractError(`${file} is not a consumer contract; record does not write over it. Choose another --out, or remove the file.`)
  assertSameConsumer(file, held, consumer)
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}
