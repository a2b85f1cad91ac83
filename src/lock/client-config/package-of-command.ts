import type { ConfiguredPackage } from './types.js'

/** A package runner's options: those that take a value (the next argument unless written `--opt=value`), and those naming the package. */
interface RunnerOptions {
  runner: ConfiguredPackage['runner']
  ecosystem: ConfiguredPackage['ecosystem']
  /** Options followed by a value. Any other `-x`/`--x` is a flag without one. */
  valued: string[]
  /** Options whose value is the package to install (then the first positional is the command it provides). */
  packageOptions: string[]
}

// Why these lists: a flag that takes a value must skip that value, or the value would be read as the package.
// npx: https://docs.npmjs.com/cli/commands/npx · pnpm dlx: https://pnpm.io/cli/dlx · bunx: https://bun.sh/docs/cli/bunx
// uvx: https://docs.astral.sh/uv/reference/cli/#uv-tool-run · pipx run: https://pipx.pypa.io/stable/docs/
const NPX: RunnerOptions = { runner: 'npx', ecosystem: 'npm', valued: ['-p', '--package', '-c', '--call', '-w', '--workspace', '--registry', '--cache', '--userconfig'], packageOptions: ['-p', '--package'] }
const PNPM_DLX: RunnerOptions = { runner: 'pnpm dlx', ecosystem: 'npm', valued: ['-p', '--package', '--reporter', '--registry'], packageOptions: ['-p', '--package'] }
const BUNX: RunnerOptions = { runner: 'bunx', ecosystem: 'npm', valued: ['-p', '--package'], packageOptions: ['-p', '--package'] }
const UVX: RunnerOptions = {
  runner: 'uvx',
  ecosystem: 'pypi',
  valued: ['--from', '--with', '--with-editable', '--with-requirements', '-w', '-p', '--python', '--index', '--index-url', '--extra-index-url', '--default-index', '-i', '--constraints', '-c', '--overrides', '--directory', '--project', '--cache-dir', '--config-file', '--env-file', '--refresh-package', '--reinstall-package', '--color', '--python-platform'],
  packageOptions: ['--from'],
}
const PIPX_RUN: RunnerOptions = { runner: 'pipx', ecosystem: 'pypi', valued: ['--spec', '--python', '--pip-args', '--index-url', '-i', '--fetch-python'], packageOptions: ['--spec'] }

/**
 * The registry package a stdio command runs, when it runs one through a package runner:
 * `npx -y pkg`, `npx pkg@latest`, `npx -y @scope/pkg@1.2.3 arg`, `npx -y --package=x cmd`, `npm exec`,
 * `pnpm dlx`, `bunx`, `uvx pkg` / `uvx pkg==1.2` / `uvx --from pkg cmd`, `uv tool run`, `pipx run pkg`.
 * Undefined for any other command, and for a spec that names no registry package (a path, a git URL, a tarball).
 * @example packageOfCommand('npx', ['-y', '@modelcontextprotocol/server-memory@2025.4.25'])
 * // { ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '2025.4.25', runner: 'npx' }
 */
export function packageOfCommand(command: string, args: string[]): ConfiguredPackage | undefined {
  const base = (command.split(/[\\/]/).at(-1) ?? command).replace(/\.(cmd|exe|bat)$/i, '').toLowerCase()
  // Why: on Windows the documented form is `cmd /c npx -y pkg`.
  if (base === 'cmd' && /^\/c$/i.test(args[0] ?? '') && args[1] !== undefined) return packageOfCommand(args[1], args.slice(2))
  const [first, second] = args
  if (base === 'npx') return runnerPackage(NPX, args)
  if (base === 'npm' && (first === 'exec' || first === 'x')) return runnerPackage(NPX, args.slice(1))
  if (base === 'pnpm' && first === 'dlx') return runnerPackage(PNPM_DLX, args.slice(1))
  if (base === 'pnpx') return runnerPackage(PNPM_DLX, args)
  if (base === 'bunx') return runnerPackage(BUNX, args)
  if (base === 'bun' && first === 'x') return runnerPackage(BUNX, args.slice(1))
  if (base === 'uvx') return runnerPackage(UVX, args)
  if (base === 'uv' && first === 'tool' && second === 'run') return runnerPackage(UVX, args.slice(2))
  if (base === 'pipx' && first === 'run') return runnerPackage(PIPX_RUN, args.slice(1))
  return undefined
}

/** Walks a runner's arguments: the package option's value if given, else the first positional. */
function runnerPackage(options: RunnerOptions, args: string[]): ConfiguredPackage | undefined {
  let fromOption: string | undefined
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    if (arg === '--') {
      return specPackage(options, fromOption ?? args[index + 1])
    }
    if (!arg.startsWith('-') || arg === '-') return specPackage(options, fromOption ?? arg)
    const equals = arg.indexOf('=')
    const name = equals > 0 ? arg.slice(0, equals) : arg
    const value = equals > 0 ? arg.slice(equals + 1) : options.valued.includes(name) ? args[++index] : undefined
    if (options.packageOptions.includes(name) && fromOption === undefined) fromOption = value
  }
  return specPackage(options, fromOption)
}

function specPackage(options: RunnerOptions, spec: string | undefined): ConfiguredPackage | undefined {
  if (spec === undefined) return undefined
  const parsed = options.ecosystem === 'npm' ? npmSpec(spec) : pypiSpec(spec)
  if (parsed === undefined) return undefined
  return { ecosystem: options.ecosystem, name: parsed.name, ...(parsed.requested === undefined ? {} : { requested: parsed.requested }), runner: options.runner }
}

/**
 * An npm registry spec: `name`, `name@version|tag|range`, `@scope/name@…`. Undefined for paths, URLs,
 * git and alias specs. Names as npm allows them (https://docs.npmjs.com/cli/configuring-npm/package-json#name).
 */
export function npmSpec(spec: string): { name: string; requested?: string } | undefined {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0)
  const name = at > 0 ? spec.slice(0, at) : spec
  const requested = at > 0 ? spec.slice(at + 1) : undefined
  if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(name)) return undefined
  if (requested !== undefined && (requested === '' || /[:/]/.test(requested))) return undefined
  return { name, ...(requested === undefined ? {} : { requested }) }
}

/**
 * A PyPI requirement as uvx and pipx take it: `name`, `name==1.2`, `name@1.2` (uvx), `name[extra]>=1`.
 * Names as PEP 508 allows them (https://peps.python.org/pep-0508/#names).
 */
export function pypiSpec(spec: string): { name: string; requested?: string } | undefined {
  const match = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?:\[[^\]]*\])?\s*(?:(==|@)\s*([^\s;,]+)|([<>=!~].*))?$/.exec(spec.trim())
  if (match === null) return undefined
  const [, name = '', , pinned, range] = match
  const requested = pinned ?? range?.trim()
  return { name, ...(requested === undefined ? {} : { requested }) }
}
