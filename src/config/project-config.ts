import { relative } from 'node:path'
import { createRequire } from 'node:module'
import type { Ajv as AjvClass, ValidateFunction } from 'ajv'
import configSchema from '../../mcp-contract.config.schema.json' with { type: 'json' }
import { ContractFileError } from '../contract/contract-error.js'
import { shapeProblem } from '../contract/contract-shape.js'
import { findProjectRoot, type ProjectRoot } from '../contract/project-root.js'
import type { Severity } from '../diff/change.js'
import { didYouMean } from '../surface/did-you-mean.js'
import { policyProblem, type Policy, type TokenBudget } from '../diff/policy.js'
import { KIND_IDS } from '../diff/registry.js'
import type { VolatileDeclaration } from '../surface/volatile-declaration.js'

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
  /** How far a release may grow the tool list's token count: `growth` (a fraction of the recorded count), `max` (a total), or both. */
  tokenBudget?: TokenBudget
  /** Values the server changes by itself, compared by their shape (see `Policy.volatile`). */
  volatile?: VolatileDeclaration[]
  /** Named authorizations to read an HTTP server as (`--as NAME`): where each one's token is, and its headers. */
  authorizations?: Record<string, { bearerEnv?: string; headers?: Record<string, string> }>
}

/** A configuration found on disk: where, and what it says. */
export interface FoundConfig {
  /** The file it came from (`mcp-contract.config.json` or `package.json`). */
  file: string
  config: ProjectConfig
}

let validate: ValidateFunction | undefined

/**
 * Finds the project's configuration, looking from `folder` upwards: `mcp-contract.config.json`
 * first, then a `"mcp-contract"` key in package.json. The search stops at the first folder with a
 * package.json (the project root). Undefined when the project has none.
 * @throws ContractFileError when a configuration exists but is not JSON or has the wrong shape
 * @example const found = await findProjectConfig(process.cwd())
 */
export async function findProjectConfig(folder: string): Promise<FoundConfig | undefined> {
  return (await findProject(folder)).config
}

/** A project as seen from a folder: where its relative paths resolve from, and its checked configuration. */
export interface Project {
  root: ProjectRoot
  config: FoundConfig | undefined
}

/**
 * The project `folder` belongs to: its root (see `findProjectRoot`) and its configuration, checked.
 * @throws ContractFileError when a configuration exists but is not JSON or has the wrong shape
 * @example const { root, config } = await findProject(process.cwd()); projectPath(root, 'mcp-contract.json', { contract: true })
 */
export async function findProject(folder: string, workingDirectory?: string): Promise<Project> {
  const root = findProjectRoot(folder, workingDirectory)
  const found = root.config
  return { root, config: found === undefined ? undefined : { file: found.file, config: checked(found.data, found.shown) } }
}

/**
 * The policy a check runs with: the configuration's defaults under what the caller gave
 * (the caller wins; ignored kinds are the union of both).
 * @example policyWithConfig(found, { failOn: 'breaking' })
 */
export function policyWithConfig(found: FoundConfig | undefined, given: Policy = {}): Policy {
  if (found === undefined) return given
  const { failOn, strict, used, ignore, profiles, tokenBudget, volatile } = found.config
  const fromConfig: Policy = { ...(failOn ? { failOn } : {}), ...(strict !== undefined ? { strict } : {}), ...(used ? { used } : {}), ...(profiles ? { profiles } : {}), ...(tokenBudget ? { tokenBudget } : {}) }
  const ignored = [...new Set([...Object.keys(ignore ?? {}), ...(given.ignore ?? [])])]
  // Why the union, as for ignore: a value the project declares volatile stays volatile in a test that declares more.
  const declared = [...(volatile ?? []), ...(given.volatile ?? [])]
  // Why: strict is failOn's shorthand, so the caller's failOn or strict replaces both of the config's.
  const levelGiven = given.failOn !== undefined || given.strict !== undefined
  const merged: Policy = { ...fromConfig, ...(levelGiven ? { failOn: undefined, strict: undefined } : {}), ...given }
  if (ignored.length > 0) merged.ignore = ignored
  if (declared.length > 0) merged.volatile = declared
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as Policy
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

/**
 * Ajv's class, loaded on first use. Why not a static import: Ajv costs about 50 ms to load, and
 * every CLI run loads this module, while only a project with a configuration file to check needs Ajv.
 */
function loadAjv(): typeof AjvClass {
  return (createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass }).Ajv
}
