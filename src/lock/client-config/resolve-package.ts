import { execFile } from 'node:child_process'
import type { ConfiguredPackage, ResolvedPackage } from './types.js'


/** A package the registry could not answer for, with why (unreachable, no such package, no such version). */
export interface UnresolvedPackage {
  name: string
  problem: string
}

/** Options of {@link resolvePackage}. */
export interface ResolveOptions {
  /** Where `npm view` runs, so the project's `.npmrc` (registry, auth) applies. Default: the current folder. */
  cwd?: string
  /** How long the registry may take. Default 30 000 ms. */
  timeoutMs?: number
}

/**
 * Asks the package's registry which version the config's request resolves to now: `npm view
 * NAME@REQUESTED version dist.integrity --json` for npm (the user's npm, with the project's `.npmrc`),
 * PyPI's JSON API for pypi. Never throws for a registry's answer: an unreachable registry or an unknown
 * package is an {@link UnresolvedPackage} saying why.
 * @example await resolvePackage({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '2025.4.25', runner: 'npx' })
 * // { name: '@modelcontextprotocol/server-memory', version: '2025.4.25', integrity: 'sha512-…' }
 */
export async function resolvePackage(pkg: ConfiguredPackage, options: ResolveOptions = {}): Promise<ResolvedPackage | UnresolvedPackage> {
  const timeoutMs = options.timeoutMs ?? 30_000
  return pkg.ecosystem === 'npm' ? resolveNpm(pkg, options.cwd, timeoutMs) : resolvePypi(pkg, timeoutMs)
}

/** True when the registry answered with a version. */
export function isResolved(resolution: ResolvedPackage | UnresolvedPackage): resolution is ResolvedPackage {
  return 'version' in resolution
}

async function resolveNpm(pkg: ConfiguredPackage, cwd: string | undefined, timeoutMs: number): Promise<ResolvedPackage | UnresolvedPackage> {
  const spec = `${pkg.name}@${pkg.requested ?? 'latest'}`
  const answer = await new Promise<{ stdout: string; error: Error | null }>((done) => {
    // Why shell on Windows only: npm is npm.cmd there, which execFile cannot start without one.
    execFile('npm', ['view', spec, 'version', 'dist.integrity', '--json'], { cwd, timeout: timeoutMs, shell: process.platform === 'win32', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      done({ stdout: String(stdout), error }),
    )
  })
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.stdout || 'null')
  } catch {
    parsed = undefined
  }
  // Why the last: for a range, npm lists every matching version in ascending order; a runner installs the highest.
  const found = (Array.isArray(parsed) ? parsed.at(-1) : parsed) as { version?: unknown; 'dist.integrity'?: unknown; error?: { code?: string; summary?: string } } | null | undefined
  if (typeof found?.version === 'string') {
    return { name: pkg.name, version: found.version, ...(typeof found['dist.integrity'] === 'string' ? { integrity: found['dist.integrity'] } : {}) }
  }
  const why =
    found?.error?.code === 'E404'
      ? /no match found for version/i.test(found.error.summary ?? '')
        ? `the npm registry has no version of ${pkg.name} matching ${pkg.requested ?? 'latest'}`
        : `the npm registry has no package ${pkg.name}`
      : found === null || (Array.isArray(parsed) && parsed.length === 0)
        ? `the npm registry has no version of ${pkg.name} matching ${pkg.requested ?? 'latest'}`
        : (found?.error?.summary ?? answer.error?.message.split('\n')[0] ?? 'npm gave no version')
  return { name: pkg.name, problem: `could not resolve ${spec} with npm view: ${why}` }
}

async function resolvePypi(pkg: ConfiguredPackage, timeoutMs: number): Promise<ResolvedPackage | UnresolvedPackage> {
  const pinned = pkg.requested !== undefined && /^[\w.!+-]+$/.test(pkg.requested) && pkg.requested !== 'latest' ? pkg.requested : undefined
  const url = `https://pypi.org/pypi/${encodeURIComponent(pkg.name)}${pinned === undefined ? '' : `/${encodeURIComponent(pinned)}`}/json`
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
    if (!response.ok) return { name: pkg.name, problem: `could not resolve ${pkg.name} on PyPI: ${url} answered ${response.status}` }
    const body = (await response.json()) as { info?: { version?: unknown }; urls?: { digests?: { sha256?: unknown } }[] }
    const version = body.info?.version
    if (typeof version !== 'string') return { name: pkg.name, problem: `could not resolve ${pkg.name} on PyPI: ${url} gave no version` }
    const sha256 = body.urls?.[0]?.digests?.sha256
    return { name: pkg.name, version, ...(typeof sha256 === 'string' ? { integrity: `sha256-${Buffer.from(sha256, 'hex').toString('base64')}` } : {}) }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return { name: pkg.name, problem: `could not resolve ${pkg.name} on PyPI: ${url} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})` }
  }
}
