import { readdir, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { doesNotExist } from '../../contract/project-root.js'
import type { Policy } from '../../diff/policy.js'
import type { Surface } from '../../surface/types.js'
import { ConsumerContractError, readConsumerContract } from '../consumer-contract.js'
import type { LiveCalls } from './call-examples.js'
import { verifyConsumer, type ConsumerReport } from './verify-consumer.js'

/** The file name ending of a consumer contract. */
export const CONSUMER_CONTRACT_SUFFIX = '.mcp-consumer.json'

/** One consumer's verdict against a live server. */
export interface ConsumerVerdict {
  consumer: string
  /** The contract file, relative to the folder the paths were resolved from. */
  file: string
  report: ConsumerReport
  /** `false` when the contract was recorded from the wire: its output reads were not observed, so none were judged. */
  readsObserved?: false
}

/**
 * The consumer contract files the given paths name: a file as is, a folder's
 * `*.mcp-consumer.json` files (not recursive), sorted.
 * @throws ConsumerContractError when a path does not exist or a folder holds none
 */
export async function findConsumerContracts(paths: readonly string[], cwd: string): Promise<string[]> {
  const files = new Set<string>()
  for (const path of paths) {
    const full = resolve(cwd, path)
    const info = await stat(full).catch(() => undefined)
    if (info === undefined) throw new ConsumerContractError(`${doesNotExist(path, full)}; pass a consumer contract file (*${CONSUMER_CONTRACT_SUFFIX}) or a folder of them.`)
    if (info.isFile()) {
      files.add(full)
      continue
    }
    const found = (await readdir(full)).filter((name) => name.endsWith(CONSUMER_CONTRACT_SUFFIX)).map((name) => join(full, name))
    if (found.length === 0) throw new ConsumerContractError(`${path} holds no consumer contract (*${CONSUMER_CONTRACT_SUFFIX}); record one in the consumer's tests with toMatchConsumerContract.`)
    for (const file of found) files.add(file)
  }
  return [...files].sort()
}

/**
 * Reads every consumer contract the paths name and verifies the live server against each; with
 * `calls`, also calls the recorded examples (see `callExamples`).
 * @example (await verifyConsumers(['contracts/'], live, process.cwd())).every((verdict) => verdict.report.ok)
 */
export async function verifyConsumers(paths: readonly string[], live: Surface, cwd: string, policy: Policy = {}, calls?: LiveCalls): Promise<ConsumerVerdict[]> {
  const verdicts: ConsumerVerdict[] = []
  for (const file of await findConsumerContracts(paths, cwd)) {
    const shown = relative(cwd, file) || file
    const contract = await readConsumerContract(file, shown)
    const report = await verifyConsumer(contract, live, policy, calls)
    verdicts.push({ consumer: contract.consumer, file: shown, report, ...(contract.readsObserved === false ? { readsObserved: false as const } : {}) })
  }
  return verdicts
}
