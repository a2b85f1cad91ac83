import { readFile } from 'node:fs/promises'
import { withFileLock } from './contract-file-lock.js'
import { parseConsumerContract, writeConsumerContract, type ConsumerContract } from '../consumer-contract.js'
import { assertSameConsumer, ConsumerContractError, consumerNameIn } from '../consumer-contract-format.js'
import { mergeConsumerContracts } from './merge-consumer-contracts.js'
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
    const [text, wrote] = await Promise.all([readExisting(file), runThatWrote(file)])
    const merged = text !== undefined && wrote === run
    // Why read whole only to merge: a file from an earlier run is replaced, and only whose it is matters then.
    const existing = merged ? parseConsumerContract(text, file) : undefined
    // Why refuse even across runs: replacing another consumer's file would lose it without a word; a
    // file that names no consumer is read whole, for the error that says what it is.
    if (text !== undefined) assertSameConsumer(file, existing?.consumer ?? consumerNameIn(text) ?? parseConsumerContract(text, file).consumer, recorded.consumer)
    await writeConsumerContract(file, existing !== undefined ? mergeConsumerContracts(existing, recorded, { maxExamples, source: file }) : recorded)
    await markRun(file, run)
    return { merged }
  })
}

/** The file's text, or `undefined` when there is no file. */
async function readExisting(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new ConsumerContractError(`${file} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing is written over a file that cannot be read. Check its permissions, or record to another file.`)
  }
}
