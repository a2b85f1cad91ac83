import { readFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { doesNotExist } from '../contract/project-root.js'
import { folderStore, storedKey, type ContractStore, type StoredEntry } from './contract-store.js'
import { PactError } from '../pact/pact-model.js'
import { loadContract } from '../pact/verify-contracts.js'

/** What `mcp-contract publish` needs besides the files. */
export interface PublishOptions {
  /** A folder or `s3://bucket/prefix`. */
  to: string
  consumerVersion: string
  /** Default `main`. */
  branch?: string
  /** The provider, over the one a consumer contract records or a pact names. */
  provider?: string
  env?: Record<string, string | undefined>
}

/** One file published: where it went. */
export interface Published {
  file: string
  consumer: string
  provider: string
  /** `s3://bucket/prefix/shop/checkout-agent/main/1.4.0.json` or the folder path. */
  stored: string
}

/** The branch a contract is published on when none is given. */
export const DEFAULT_BRANCH = 'main'

/**
 * Publishes consumer contracts or pacts to a folder or an S3-compatible bucket, under
 * `<provider>/<consumer>/<branch>/<version>.json`, and makes each the branch's `latest.json`.
 * A version already published with other content, on this branch or another, is refused (a
 * version names one content, as a Pact Broker keeps it); the same content again is fine.
 * @throws PactError for a file that is no contract, a missing provider, or a store that refuses
 * @example await publishContracts(['contracts/checkout-agent.mcp-consumer.json'], process.cwd(), { to: 's3://team-contracts', consumerVersion: '1.4.0', provider: 'shop' })
 */
export async function publishContracts(files: readonly string[], cwd: string, options: PublishOptions): Promise<Published[]> {
  const safe = /^[A-Za-z0-9._+-]+$/
  if (!safe.test(options.consumerVersion) || options.consumerVersion.startsWith('.')) {
    throw new PactError(`--consumer-version ${JSON.stringify(options.consumerVersion)} cannot name a file; use letters, digits, . _ + - (a release number or a commit SHA).`)
  }
  const branch = options.branch ?? DEFAULT_BRANCH
  const contracts = []
  for (const file of files) {
    const full = resolve(cwd, file)
    const shown = relative(cwd, full) || full
    const text = await readFile(full, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new PactError(`${error.code === 'ENOENT' ? doesNotExist(shown, full) : `${shown} could not be read (${error.code ?? error.message})`}; pass consumer contract or pact files.`)
    })
    const loaded = loadContract(text, shown)
    const provider = options.provider ?? (loaded.pact !== undefined ? loaded.pact.provider || undefined : loaded.contract.provider)
    if (provider === undefined) {
      throw new PactError(
        `${shown} is a consumer contract that does not record its provider's name (it was recorded before mcp-contract kept the server's name, or the server did not name itself); pass --provider NAME (the server's name), or record it again with -u.`,
      )
    }
    contracts.push({ shown, text, consumer: loaded.contract.consumer, provider })
  }
  const store: ContractStore = options.to.startsWith('s3://') ? await (await import('./s3-store.js')).s3Store(options.to, options.env ?? process.env) : folderStore(resolve(cwd, options.to), options.to)
  const published: Published[] = []
  // Why the whole listing once: a version names one content on every branch, as a Pact Broker keeps it.
  const listed = await store.list()
  for (const contract of contracts) {
    const key = storedKey(contract.provider, contract.consumer, branch, `${options.consumerVersion}.json`)
    const before = await store.read(key)
    if (before !== undefined && before !== contract.text) {
      throw new PactError(`${store.where}/${key} already holds version ${options.consumerVersion} of ${contract.consumer} with other content; publish the change as a new --consumer-version.`)
    }
    const onOtherBranch = await otherContent(store, listed, key, contract.text)
    if (onOtherBranch !== undefined) {
      throw new PactError(
        `version ${options.consumerVersion} of ${contract.consumer} is already published on branch ${onOtherBranch} with other content (${store.where.replace(/\/+$/, '')}/${storedKey(contract.provider, contract.consumer, onOtherBranch, `${options.consumerVersion}.json`)}); a consumer version names one content on every branch, so publish the change as a new --consumer-version.`,
      )
    }
    await store.write(key, contract.text)
    await store.write(storedKey(contract.provider, contract.consumer, branch, 'latest.json'), contract.text)
    published.push({ file: contract.shown, consumer: contract.consumer, provider: contract.provider, stored: `${store.where.replace(/\/+$/, '')}/${key}` })
  }
  return published
}

/** The branch that holds the same version of the same consumer with other content, if one does. */
async function otherContent(store: ContractStore, listed: readonly StoredEntry[], key: string, text: string): Promise<string | undefined> {
  const [provider, consumer, , file] = key.split('/')
  const others = listed.map((entry) => entry.key.split('/')).filter((parts) => parts.length === 4 && parts[0] === provider && parts[1] === consumer && parts[3] === file && parts.join('/') !== key)
  for (const parts of others.sort()) {
    const stored = await store.read(parts.join('/'))
    if (stored !== undefined && stored !== text) return decodeURIComponent(parts[2])
  }
  return undefined
}
