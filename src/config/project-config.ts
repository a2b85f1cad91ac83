import { readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { createRequire } from 'node:module'
import type { Ajv as AjvClass, ValidateFunction } from 'ajv'
import configSchema from '../../mcp-contract.config.schema.json' with { type: 'json' }
import { ContractFileError } from '../contract/contract-error.js'
import { shapeProblem } from '../contract/contract-shape.js'
import type { Severity } from '../diff/change.js'
import { didYouMean } from '../diff/closest-names.js'
import { policyProblem, type Policy } from '../diff/policy.js'
import { KIND_IDS } from '../diff/registry.js'

/** What a project configures, as written in its file. */
export interface ProjectConfig {
  /** The folder contract paths are resolved from, relative to the file that says so. */
  contractRoot?: string
  failOn?: Severity
  strict?: boolean
  used?: string[]
  /** Change kind id → the reason it is ignored; reports print the reason. */
  ignore?: Record<string, string>
  profiles?: string[]
  /** Named authorizations to read an HTTP server as (`--as NAME`): where each one's token is, and its headers. */
  authorizations?: Record<string, { bearerEnv?: string; headers?: Record<string, string> }>
}

/** A configuration found on disk: where, and what it says. */
export interface FoundConfig {
  /** The file it came from (`mcp-contract.config.json` or `package.json`). */
  file: string
  config: ProjectConfig
}

const CONFIG_FILE = 'mcp-contract.config.json'
const PACKAGE_KEY = 'mcp-contract'
let validate: ValidateFunction | undefined

/**
 * Finds the project's configuration, looking from `folder` upwards: `mcp-contract.config.json`
 * first, then a `"mcp-contract"` key in package.json. The search stops at the first folder with a
 * package.json (the project root). Undefined when the project has none.
 * @throws ContractFileError when a configuration exists but is not JSON or has the wrong shape
 * @example const found = await findProjectConfig(process.cwd())
 */
export async function findProjectConfig(folder: string): Promise<FoundConfig | undefined> {
  for (let at = resolve(folder); ; at = dirname(at)) {
    const own = await readJson(join(at, CONFIG_FILE))
    if (own !== undefined) return { file: join(at, CONFIG_FILE), config: checked(own, join(at, CONFIG_FILE)) }
    const pkg = await readJson(join(at, 'package.json'))
    if (pkg !== undefined) {
      const section = (pkg as Record<string, unknown>)[PACKAGE_KEY]
      return section === undefined ? undefined : { file: join(at, 'package.json'), config: checked(section, `${join(at, 'package.json')} ("${PACKAGE_KEY}")`) }
    }
    if (dirname(at) === at) return undefined
  }
}

/**
 * The policy a check runs with: the configuration's defaults under what the caller gave
 * (the caller wins; ignored kinds are the union of both).
 * @example policyWithConfig(found, { failOn: 'breaking' })
 */
export function policyWithConfig(found: FoundConfig | undefined, given: Policy = {}): Policy {
  if (found === undefined) return given
  const { failOn, strict, used, ignore, profiles } = found.config
  const fromConfig: Policy = { ...(failOn ? { failOn } : {}), ...(strict !== undefined ? { strict } : {}), ...(used ? { used } : {}), ...(profiles ? { profiles } : {}) }
  const ignored = [...new Set([...Object.keys(ignore ?? {}), ...(given.ignore ?? [])])]
  // Why: strict is failOn's shorthand, so the caller's failOn or strict replaces both of the config's.
  const levelGiven = given.failOn !== undefined || given.strict !== undefined
  const merged: Policy = { ...fromConfig, ...(levelGiven ? { failOn: undefined, strict: undefined } : {}), ...given }
  if (ignored.length > 0) merged.ignore = ignored
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as Policy
}

/** Where a contract path points: from the configured contract root, or from `base` (the test file's folder, the CLI's cwd). */
export function contractPath(found: FoundConfig | undefined, base: string, file: string): string {
  const root = found?.config.contractRoot
  return root === undefined ? resolve(base, file) : resolve(dirname(found!.file), root, file)
}

/**
 * The lines a report ends with when the configuration ignores change kinds: each kind and why.
 * @example ['ignored by mcp-contract.config.json: tool-description-changed — descriptions are tuned weekly']
 */
export function ignoredLines(found: FoundConfig | undefined, cwd: string): string[] {
  const ignore = found?.config.ignore ?? {}
  const where = found ? relative(cwd, found.file) || found.file : ''
  return Object.entries(ignore).map(([id, reason]) => `ignored by ${where}: ${id} — ${reason}`)
}

function checked(data: unknown, shown: string): ProjectConfig {
  const keys = Object.keys(configSchema.properties)
  const unknown = typeof data === 'object' && data !== null && !Array.isArray(data) ? Object.keys(data).find((key) => !keys.includes(key)) : undefined
  if (unknown !== undefined) throw new ContractFileError('invalid', shown, `${shown}: the file has an unknown key ${JSON.stringify(unknown)}.${didYouMean(unknown, keys)} Its options are described in mcp-contract.config.schema.json.`)
  const check = (validate ??= new (loadAjv())({ allErrors: false, strict: true, strictTypes: false }).compile(configSchema))
  const shape = shapeProblem(check, data)
  if (shape !== undefined) throw new ContractFileError('invalid', shown, `${shown}: ${shape}. Its options are described in mcp-contract.config.schema.json.`)
  const { contractRoot: _root, ignore, authorizations: _authorizations, ...policy } = data as ProjectConfig & { $schema?: string }
  delete (policy as { $schema?: string }).$schema
  const problem = policyProblem({ ...policy, ...(ignore ? { ignore: Object.keys(ignore) } : {}) }, KIND_IDS)
  if (problem !== undefined) throw new ContractFileError('invalid', shown, `${shown}: ${problem}`)
  return data as ProjectConfig
}

async function readJson(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ContractFileError('unreadable', file, `${file} is not JSON (${(error as Error).message}); fix it or remove it.`, { cause: error })
  }
}

/**
 * Ajv's class, loaded on first use. Why not a static import: Ajv costs about 50 ms to load, and
 * every CLI run loads this module, while only a project with a configuration file to check needs Ajv.
 */
function loadAjv(): typeof AjvClass {
  return (createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass }).Ajv
}
