import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { ContractFileError } from './contract-error.js'
import { whyNotJson } from './contract-text.js'

/** The configuration file's name, looked for before package.json in each folder. */
export const CONFIG_FILE = 'mcp-contract.config.json'
/** The key of package.json that holds the configuration when there is no configuration file. */
export const PACKAGE_KEY = 'mcp-contract'

/**
 * Where a project's relative paths resolve from: the folder of its configuration file when it
 * has one, else of the nearest package.json, else the working directory.
 */
export interface ProjectRoot {
  /** The folder every relative path resolves from. */
  folder: string
  /** Why that folder, for messages: `the folder of mcp-contract.config.json`. */
  why: string
  /** The configuration, unchecked, when the project has one: the file, its name in messages, and what it says. */
  config?: { file: string; shown: string; data: unknown }
}

/**
 * Finds the project root from `start` upwards: the first folder with `mcp-contract.config.json`
 * or package.json (the configuration is the former, else package.json's `"mcp-contract"` key).
 * `workingDirectory` is the CLI's own (`io.cwd`) where it runs in-process. Synchronous, so `mockServer()` resolves paths by the same rule as the CLI and the matchers.
 * @throws ContractFileError when the configuration file or package.json is not JSON
 * @example findProjectRoot(process.cwd()).folder // '/home/me/shop'
 */
export function findProjectRoot(start: string = process.cwd(), workingDirectory: string = process.cwd()): ProjectRoot {
  for (let at = resolve(start); ; at = dirname(at)) {
    const own = join(at, CONFIG_FILE)
    if (existsSync(own)) return { folder: at, why: `the folder of ${CONFIG_FILE}`, config: { file: own, shown: own, data: readJson(own) } }
    const pkg = join(at, 'package.json')
    if (existsSync(pkg)) {
      const section = (readJson(pkg) as Record<string, unknown> | null)?.[PACKAGE_KEY]
      const config = section === undefined ? undefined : { file: pkg, shown: `${pkg} ("${PACKAGE_KEY}")`, data: section }
      return { folder: at, why: config ? `the folder of package.json, whose "${PACKAGE_KEY}" key configures it` : 'the folder of the nearest package.json', ...(config ? { config } : {}) }
    }
    // Why the working directory and not the filesystem root: a script outside any project means paths as typed.
    if (dirname(at) === at) return { folder: resolve(workingDirectory), why: 'the working directory (no package.json above it)' }
  }
}

/**
 * An absolute path for `file` by the one rule every API follows: relative to the project root;
 * a provider contract (`contract: true`) relative to the configured `contractRoot` when there is one.
 * @example projectPath(findProjectRoot(), 'mcp-contract.json', { contract: true })
 */
export function projectPath(root: ProjectRoot, file: string, { contract = false } = {}): string {
  const configured = contract ? (root.config?.data as { contractRoot?: unknown } | undefined)?.contractRoot : undefined
  // Why the configuration's own folder for contractRoot: it is written relative to the file that says so.
  if (typeof configured === 'string') return resolve(dirname(root.config!.file), configured, file)
  return resolve(root.folder, file)
}

/**
 * The sentence a missing file's error ends with: where relative paths resolve from, and why there.
 * @example `${doesNotExist(shown, path)}. ${pathBase(root)}`
 */
export function pathBase(root: ProjectRoot): string {
  return `Relative paths resolve from ${root.folder}, ${root.why}.`
}

/**
 * `catalog.json does not exist (looked for /home/me/shop/catalog.json)`: the name as given and,
 * when it differs, the absolute path that was tried, so a wrong base shows at a glance.
 * @example `${doesNotExist('catalog.json', '/p/catalog.json')}; record it first.`
 */
export function doesNotExist(shown: string, full: string): string {
  return shown === full ? `${full} does not exist` : `${shown} does not exist (looked for ${full})`
}

function readJson(file: string): unknown {
  const text = readFileSync(file, 'utf8')
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ContractFileError('unreadable', file, `${file} is not valid JSON (${whyNotJson(text, error)}); fix it or remove it.`, { cause: error })
  }
}
