import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import type { LiveCalls } from '../consumer/call-examples.js'
import type { Policy } from '../diff/policy.js'
import type { Surface } from '../surface/types.js'
import { folderStore, latestContracts, type ContractStore } from './contract-store.js'
import { isPact, PactError } from './pact-model.js'
import { loadContract, verifyLoaded, type ContractVerdict, type LoadedContract } from './verify-contracts.js'

/** How remote contract sources are reached. */
export interface SourceOptions {
  /** Headers for an `https://` source (`--header`). */
  headers?: Record<string, string>
  /** For a store (a bucket, a published folder): whose latest to read; default the latest of every branch. */
  consumerBranch?: string
  /** The environment the S3 client reads credentials, region and endpoint from; default `process.env`. */
  env?: Record<string, string | undefined>
}

/** A contract read from a source, with the name messages give it. */
export interface SourcedContract {
  shown: string
  loaded: LoadedContract
}

const CONSUMER_SUFFIX = '.mcp-consumer.json'

/**
 * Reads every contract the sources name, each told apart by content (a consumer contract or a
 * Pact V4 pact): a file; a folder's contract files (or, for a folder `mcp-contract publish`
 * wrote, each consumer's latest); a glob; `s3://bucket/prefix` (each consumer's latest there);
 * an `https://` URL of one file. Everything is read before any server starts.
 * @throws ConsumerContractError (a PactError for a pact or a store) saying what failed and what to do
 * @example await loadContractSources(['contracts/', 's3://team-contracts/shop'], process.cwd())
 */
export async function loadContractSources(paths: readonly string[], cwd: string, options: SourceOptions = {}): Promise<SourcedContract[]> {
  const found: SourcedContract[] = []
  const seen = new Set<string>()
  const add = (shown: string, text: string) => {
    if (seen.has(shown)) return
    seen.add(shown)
    found.push({ shown, loaded: loadContract(text, shown) })
  }
  for (const path of paths) {
    if (path.startsWith('s3://')) {
      // Why a dynamic import: the S3 client loads only when a bucket is used, so nothing else pays for it.
      const { s3Store } = await import('./s3-store.js')
      await readStore(await s3Store(path, options.env ?? process.env), options.consumerBranch, add)
    } else if (/^https?:\/\//i.test(path)) {
      add(...(await fetchContract(path, options.headers ?? {})))
    } else if (/[*?[{]/.test(path)) {
      const files = (await (await import('tinyglobby')).glob(path, { cwd, absolute: true, ignore: ['**/node_modules/**'] })).filter((file) => file.endsWith('.json')).sort()
      if (files.length === 0) throw new PactError(`${path} matches no .json file under ${cwd}; pass a consumer contract, a pact, a folder of them or a glob such as 'pacts/*.json'.`)
      for (const file of files) add(shownPath(file, cwd), await readFile(file, 'utf8'))
    } else {
      await readLocal(path, cwd, options.consumerBranch, add)
    }
  }
  // Why sorted: the report lists consumers in the same order whatever order the sources were given in.
  return found.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0))
}

/**
 * Reads every contract the sources name and verifies the live server against each.
 * @example (await verifyContracts(['pacts/'], live, process.cwd())).every((verdict) => verdict.report.ok)
 */
export async function verifyContracts(paths: readonly string[], live: Surface, cwd: string, policy: Policy = {}, options: SourceOptions = {}, calls?: LiveCalls): Promise<ContractVerdict[]> {
  return verifySourced(await loadContractSources(paths, cwd, options), live, policy, calls)
}

/** Verifies the live server against contracts already read; with `calls`, also calls the recorded examples (see `callExamples`). */
export async function verifySourced(sourced: readonly SourcedContract[], live: Surface, policy: Policy = {}, calls?: LiveCalls): Promise<ContractVerdict[]> {
  const verdicts: ContractVerdict[] = []
  for (const { shown, loaded } of sourced) verdicts.push(await verifyLoaded(loaded, shown, live, policy, calls))
  return verdicts
}

async function readLocal(path: string, cwd: string, branch: string | undefined, add: (shown: string, text: string) => void): Promise<void> {
  const full = resolve(cwd, path)
  const info = await stat(full).catch(() => undefined)
  if (info === undefined) throw new PactError(`${path} does not exist; pass a consumer contract file (*${CONSUMER_SUFFIX}) or a folder of them.`)
  if (info.isFile()) {
    add(shownPath(full, cwd), await readFile(full, 'utf8'))
    return
  }
  let any = false
  for (const name of (await readdir(full)).filter((entry) => entry.endsWith('.json')).sort()) {
    const file = join(full, name)
    const text = await readFile(file, 'utf8')
    // Why by content for other .json files: a pact may have any name; other JSON in the folder is not ours to judge.
    if (!name.endsWith(CONSUMER_SUFFIX) && !looksLikePact(text)) continue
    add(shownPath(file, cwd), text)
    any = true
  }
  if (any) return
  const store = folderStore(full, shownPath(full, cwd))
  const hasLayout = (await store.list()).some((entry) => entry.key.endsWith('/latest.json'))
  if (!hasLayout) throw new PactError(`${path} holds no consumer contract (*${CONSUMER_SUFFIX}); record one in the consumer's tests with toMatchConsumerContract.`)
  await readStore(store, branch, add)
}

async function readStore(store: ContractStore, branch: string | undefined, add: (shown: string, text: string) => void): Promise<void> {
  const keys = await latestContracts(store, branch)
  // Why all at once: a bucket answers each request in a round trip; twenty in a row would cost twenty.
  const texts = await Promise.all(keys.map((key) => store.read(key)))
  keys.forEach((key, index) => add(`${store.where.replace(/\/+$/, '')}/${key}`, texts[index] ?? ''))
}

function looksLikePact(text: string): boolean {
  try {
    return isPact(JSON.parse(text))
  } catch {
    return false
  }
}

async function fetchContract(url: string, headers: Record<string, string>): Promise<[string, string]> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new PactError(`${url} is not a URL; pass an https:// URL of one contract file.`)
  }
  // Why the query is not shown: a presigned URL carries its signature there.
  const shown = `${parsed.origin}${parsed.pathname}`
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
  if (parsed.protocol !== 'https:' && !loopback) throw new PactError(`${shown} is plain http; contracts are fetched over https:// (plain http only from this machine).`)
  let response: Response
  try {
    response = await fetch(parsed, { headers, signal: AbortSignal.timeout(30_000), redirect: 'follow' })
  } catch (error) {
    throw new PactError(`${shown} could not be fetched (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}); check the URL and the network.`)
  }
  if (!response.ok) {
    const hint = response.status === 401 || response.status === 403 ? 'pass credentials with --header' : 'check the URL'
    throw new PactError(`${shown} answered HTTP ${response.status}; ${hint}.`)
  }
  return [shown, await response.text()]
}

function shownPath(file: string, cwd: string): string {
  return relative(cwd, file) || file
}
