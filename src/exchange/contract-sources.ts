import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { doesNotExist } from '../contract/project-root.js'
import type { LiveCalls } from '../consumer/verify/call-examples.js'
import type { Policy } from '../diff/policy.js'
import type { Surface } from '../surface/types.js'
import { folderStore, latestContracts, type ContractStore } from './contract-store.js'
import { isPact, PactError } from '../pact/pact-model.js'
import { forAnotherProvider, loadContract, parseContractJson, recordedProvider, verifyLoaded, type ContractVerdict, type LoadedContract } from '../pact/verify-contracts.js'

/** How remote contract sources are reached. */
export interface SourceOptions {
  /** Headers for an `https://` source (`--header`). */
  headers?: Record<string, string>
  /** For a store (a bucket, a published folder): whose latest to read; default the latest of every branch. */
  consumerBranch?: string
  /** The environment the S3 client reads credentials, region and endpoint from; default `process.env`. */
  env?: Record<string, string | undefined>
  /** Told of each `.json` file in a folder that is neither a consumer contract nor a pact, and so not verified. */
  onSkipped?: (file: SkippedFile) => void
}

/** A `.json` file in a consumer folder that was not verified, and why, in words. */
export interface SkippedFile {
  shown: string
  why: string
}

/** A contract read from a source, with the name messages give it. */
export interface SourcedContract {
  shown: string
  loaded: LoadedContract
  /**
   * Read from a store whose root holds several providers' folders (`s3://bucket/prefix`, as
   * `publish --to` took it): the store and the provider folder it came from. Only the verified
   * provider's folder is judged.
   */
  providerFolder?: { store: string; provider: string }
  /** True for a file named directly (a path to it, or its URL): verified or failing, never skipped. */
  named?: true
}

/** How contracts are chosen for one provider. */
export interface ProviderOptions {
  /** The provider verified (`--provider`); default the live `serverInfo.name`. */
  provider?: string
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
  const add: Add = (shown, text, providerFolder, named) => {
    if (seen.has(shown)) return
    seen.add(shown)
    found.push({ shown, loaded: loadContract(text, shown), ...(providerFolder !== undefined ? { providerFolder } : {}), ...(named === true ? { named: true as const } : {}) })
  }
  for (const path of paths) {
    if (path.startsWith('s3://')) {
      // Why a dynamic import: the S3 client loads only when a bucket is used, so nothing else pays for it.
      const { s3Store } = await import('./s3-store.js')
      await readStore(await s3Store(path, options.env ?? process.env), options.consumerBranch, add)
    } else if (/^https?:\/\//i.test(path)) {
      add(...(await fetchContract(path, options.headers ?? {})), undefined, true)
    } else if (/[*?[{]/.test(path)) {
      const files = (await (await import('tinyglobby')).glob(path, { cwd, absolute: true, ignore: ['**/node_modules/**'] })).filter((file) => file.endsWith('.json')).sort()
      if (files.length === 0) throw new PactError(`${path} matches no .json file under ${cwd}; pass a consumer contract, a pact, a folder of them or a glob such as 'pacts/*.json'.`)
      for (const file of files) add(shownPath(file, cwd), await readFile(file, 'utf8'))
    } else {
      await readLocal(path, cwd, options.consumerBranch, add, options.onSkipped)
    }
  }
  // Why sorted: the report lists consumers in the same order whatever order the sources were given in.
  return found.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0))
}

/**
 * Reads every contract the sources name and verifies the live server against each.
 * @example (await verifyContracts(['pacts/'], live, process.cwd())).every((verdict) => verdict.report.ok)
 */
export async function verifyContracts(paths: readonly string[], live: Surface, cwd: string, policy: Policy = {}, options: SourceOptions & ProviderOptions = {}, calls?: LiveCalls): Promise<ContractVerdict[]> {
  return verifySourced(await loadContractSources(paths, cwd, options), live, policy, calls, options)
}

/**
 * Verifies the live server against contracts already read; with `calls`, also calls the recorded
 * examples (see `callExamples`). Only the provider's contracts are judged (`options.provider`, else
 * the live `serverInfo.name`): one recorded against another provider is listed as such
 * (`otherProvider`), a failure when the file was named directly; one that names no provider is
 * judged as it always was. Whether the run passes: `verifyPasses`.
 * @throws PactError when a store's root holds no folder for the provider
 */
export async function verifySourced(sourced: readonly SourcedContract[], live: Surface, policy: Policy = {}, calls?: LiveCalls, options: ProviderOptions = {}): Promise<ContractVerdict[]> {
  const provider = options.provider ?? live.server.name
  const verdicts: ContractVerdict[] = []
  for (const { shown, loaded, named } of providerFolders(sourced, provider, options.provider !== undefined)) {
    const recorded = recordedProvider(loaded)
    if (provider !== undefined && recorded !== undefined && recorded !== provider) verdicts.push(forAnotherProvider(loaded, shown, recorded, policy, { live, asked: options.provider, named }))
    else verdicts.push(await verifyLoaded(loaded, shown, live, policy, calls))
  }
  return verdicts
}

/**
 * The contracts to judge: all but those read from another provider's folder of a store that holds several.
 * Why not listed as skipped: the prefix names a shared store, so its other providers' folders were never the question.
 */
function providerFolders(sourced: readonly SourcedContract[], provider: string | undefined, named: boolean): SourcedContract[] {
  const stores = new Map<string, Set<string>>()
  for (const { providerFolder } of sourced) if (providerFolder !== undefined) stores.set(providerFolder.store, (stores.get(providerFolder.store) ?? new Set()).add(providerFolder.provider))
  for (const [store, providers] of stores) {
    if (provider !== undefined && providers.has(provider)) continue
    const held = [...providers].sort()
    const holds = `${store} holds the contracts of ${held.length === 1 ? 'provider' : 'providers'} ${held.join(', ')}`
    const example = `${store}/${encodeURIComponent(provider ?? held[0])}`
    if (provider === undefined) throw new PactError(`${holds}, and the server does not name itself; pass --provider NAME, or name the provider's folder in it, as in ${example}.`)
    const whose = named ? `--provider ${provider}` : `the server's name, ${provider}`
    throw new PactError(`${holds}, none for ${whose}; ${named ? 'check the name' : 'pass --provider NAME if its contracts are published under another name'}, or name the provider's folder in it, as in ${store}/${encodeURIComponent(held[0])}.`)
  }
  return sourced.filter(({ providerFolder }) => providerFolder === undefined || providerFolder.provider === provider)
}

type Add = (shown: string, text: string, providerFolder?: SourcedContract['providerFolder'], named?: boolean) => void

async function readLocal(path: string, cwd: string, branch: string | undefined, add: Add, onSkipped: SourceOptions['onSkipped']): Promise<void> {
  const full = resolve(cwd, path)
  const info = await stat(full).catch(() => undefined)
  if (info === undefined) throw new PactError(`${doesNotExist(path, full)}; pass a consumer contract file (*${CONSUMER_SUFFIX}) or a folder of them.`)
  if (info.isFile()) {
    add(shownPath(full, cwd), await readFile(full, 'utf8'), undefined, true)
    return
  }
  let any = false
  const skipped: SkippedFile[] = []
  const names = (await readdir(full, { withFileTypes: true })).filter((entry) => !entry.isDirectory() && entry.name.endsWith('.json')).map((entry) => entry.name)
  for (const name of names.sort()) {
    const file = join(full, name)
    const shown = shownPath(file, cwd)
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new PactError(`${shown} could not be read (${error.code ?? error.message}); make it readable, or move it out of ${path}: a contract that cannot be read is never passed over.`)
    })
    // Why by content for other .json files: a pact may have any name. Why a broken one fails the
    // run: it may have been a pact, and skipping it would pass a consumer nobody verified.
    const why = name.endsWith(CONSUMER_SUFFIX) ? undefined : whyNotVerified(parseContractJson(text, shown))
    if (why !== undefined) {
      skipped.push({ shown, why })
      continue
    }
    add(shownPath(file, cwd), text)
    any = true
  }
  for (const file of skipped) onSkipped?.(file)
  if (any) return
  const store = folderStore(full, shownPath(full, cwd))
  const hasLayout = (await store.list()).some((entry) => entry.key.endsWith('/latest.json'))
  if (!hasLayout) {
    const passedOver = skipped.length > 0 ? ` (${skipped.map((file) => `${file.shown}: ${file.why}`).join('; ')})` : ''
    throw new PactError(`${path} holds no consumer contract (*${CONSUMER_SUFFIX})${passedOver}; record one in the consumer's tests with toMatchConsumerContract.`)
  }
  await readStore(store, branch, add)
}

/**
 * Why a JSON file in a consumer folder is not verified, or `undefined` for a pact (verified).
 * Why listed, not silent: a user who put a contract there should see why it was not judged.
 */
function whyNotVerified(data: unknown): string | undefined {
  if (isPact(data)) return undefined
  const record = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  if (record.consumer === undefined && typeof record.server === 'object' && record.server !== null) return 'a provider contract (what mcp-contract snapshot records), checked with mcp-contract check, not verified here'
  if (typeof record.consumer === 'string' && Array.isArray(record.tools)) return `a consumer contract not named *${CONSUMER_SUFFIX}; rename it to have it verified`
  return 'JSON, but neither a consumer contract nor a Pact V4 pact (no "interactions" list and "consumer")'
}

async function readStore(store: ContractStore, branch: string | undefined, add: Add): Promise<void> {
  const latest = await latestContracts(store, branch)
  // Why all at once: a bucket answers each request in a round trip; twenty in a row would cost twenty.
  const texts = await Promise.all(latest.map(({ key }) => store.read(key)))
  const where = store.where.replace(/\/+$/, '')
  latest.forEach(({ key, provider }, index) => add(`${where}/${key}`, texts[index] ?? '', provider === undefined ? undefined : { store: where, provider }))
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
