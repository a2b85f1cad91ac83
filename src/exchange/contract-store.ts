import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { PactError } from '../pact/pact-model.js'
import { writeFileAtomically } from '../surface/write-file-atomically.js'

/** One stored file: its key below the store's root (`checkout-agent/main/latest.json`) and when it was last written. */
export interface StoredEntry {
  key: string
  modified: number
}

/**
 * Where published contracts live: a folder or an S3-compatible bucket, laid out as
 * `<provider>/<consumer>/<branch>/<version>.json` plus `latest.json` per branch.
 */
export interface ContractStore {
  /** The store as users name it (`contracts-store/`, `s3://bucket/prefix`), for messages. */
  where: string
  /** Every file under the root, keys relative to it with `/` separators. */
  list(): Promise<StoredEntry[]>
  /** A file's text, or `undefined` when there is none. */
  read(key: string): Promise<string | undefined>
  write(key: string, text: string): Promise<void>
}

/** The key of a published file: each name made safe for a path (a branch `feature/x` stays one segment). */
export function storedKey(provider: string, consumer: string, branch: string, file: string): string {
  return [provider, consumer, branch].map((part) => encodeURIComponent(part)).concat(file).join('/')
}

/** A consumer's latest contract in a store: its key, and the provider's folder it is under when the store's root holds several. */
export interface LatestContract {
  key: string
  /** The provider folder (decoded) when the store's root holds providers' folders; absent in one provider's folder. */
  provider?: string
}

/**
 * The latest contract of every consumer in a store: `<consumer>/<branch>/latest.json` in one
 * provider's folder, or `<provider>/<consumer>/<branch>/latest.json` in a root that holds
 * providers' folders (the prefix `publish --to` took); on `branch` when given, else the most
 * recently written of all the consumer's branches (ties: the branch named first).
 * @throws PactError when the store holds none
 * @example (await latestContracts(folderStore('store/shop'), 'main')).map((entry) => entry.key) // ['checkout-agent/main/latest.json']
 */
export async function latestContracts(store: ContractStore, branch: string | undefined): Promise<LatestContract[]> {
  const entries = (await store.list()).filter((entry) => entry.key.endsWith('/latest.json')).sort((a, b) => (a.key < b.key ? -1 : 1))
  for (const depth of [3, 4]) {
    const chosen = new Map<string, StoredEntry>()
    for (const entry of entries.filter((candidate) => candidate.key.split('/').length === depth)) {
      const parts = entry.key.split('/')
      if (branch !== undefined && decodeURIComponent(parts[depth - 2]) !== branch) continue
      const whose = parts.slice(0, depth - 2).join('/')
      const seen = chosen.get(whose)
      if (seen === undefined || entry.modified > seen.modified) chosen.set(whose, entry)
    }
    if (chosen.size > 0) return [...chosen.values()].map((entry) => (depth === 3 ? { key: entry.key } : { key: entry.key, provider: decodeURIComponent(entry.key.split('/')[0]) }))
  }
  const onWhich = branch === undefined ? '' : ` on branch ${branch}`
  throw new PactError(`${store.where} holds no published contract${onWhich} (<consumer>/<branch>/latest.json); publish one with mcp-contract publish FILE --to ${store.where} --consumer-version V.`)
}

/** A folder as a contract store. */
export function folderStore(root: string, where = root): ContractStore {
  return {
    where,
    async list() {
      const found: StoredEntry[] = []
      const walk = async (folder: string, depth: number): Promise<void> => {
        for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
          const full = join(folder, entry.name)
          if (entry.isDirectory() && depth < 4) await walk(full, depth + 1)
          else if (entry.isFile() && entry.name.endsWith('.json')) found.push({ key: relative(root, full).split(sep).join('/'), modified: (await stat(full)).mtimeMs })
        }
      }
      await walk(root, 1)
      return found
    },
    async read(key) {
      return readFile(join(root, ...key.split('/')), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined
        throw new PactError(`${where}: ${key} could not be read (${error.code ?? error.message}).`)
      })
    },
    async write(key, text) {
      const file = join(root, ...key.split('/'))
      try {
        await mkdir(dirname(file), { recursive: true })
        await writeFileAtomically(file, text)
      } catch (error) {
        throw new PactError(`${where}: ${key} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that the folder is writable.`)
      }
    },
  }
}
