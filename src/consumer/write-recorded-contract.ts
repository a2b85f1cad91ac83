import { access } from 'node:fs/promises'
import { withFileLock } from './contract-file-lock.js'
import { readConsumerContract, writeConsumerContract, type ConsumerContract } from './consumer-contract.js'
import { assertSameConsumer } from './consumer-contract-format.js'
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
    const existing = await exists(file) ? await readConsumerContract(file) : undefined
    // Why refuse even across runs: replacing another consumer's file would lose it without a word.
    if (existing !== undefined) assertSameConsumer(file, existing.consumer, recorded.consumer)
    const merged = existing !== undefined && (await runThatWrote(file)) === run
    await writeConsumerContract(file, merged ? mergeConsumerContracts(existing, recorded, { maxExamples, source: file }) : recorded)
    await markRun(file, run)
    return { merged }
  })
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}
