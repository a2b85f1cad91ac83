/**
 * A throwaway user project under `<toolchain>/.tmp/e2e-*` with the packed mcp-contract installed
 * in its node_modules, and real `vitest run` / `jest` processes run in it. The project resolves
 * vitest, jest, the SDK and zod from the toolchain's node_modules, as a user's project resolves
 * its own: the repository's (Vitest 4.1, Jest 30) by default, or the one `MCP_CONTRACT_TOOLCHAIN`
 * names (`test/e2e/toolchains/current`: Vitest 5.1, Jest 30, run under Node 22 and 24).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { packedTarball, ROOT } from './packed-package.js'

const run = promisify(execFile)

/**
 * The folder whose node_modules holds the runners and packages a user project resolves.
 * Why outside the repository for the current toolchain: a project inside it would fall back to
 * the repository's own node_modules and could load Vitest 4's packages under Vitest 5.
 */
export const TOOLCHAIN = process.env.MCP_CONTRACT_TOOLCHAIN ? resolve(process.env.MCP_CONTRACT_TOOLCHAIN) : ROOT

/** What one runner process did. */
export interface RunResult {
  code: number
  /** stdout and stderr, colors stripped, the project path replaced by `<project>`. */
  output: string
  /** The runner's JSON report. */
  report: JsonReport
}

/** The parts of Vitest's and Jest's JSON reports (the same shape) the tests read. */
export interface JsonReport {
  numFailedTests: number
  numPassedTests: number
  snapshot: { added: number; matched: number; unmatched: number; updated: number; unchecked: number; filesAdded: number }
  testResults: { assertionResults: { title: string; fullName: string; status: string; failureMessages: string[] }[] }[]
}

/** The runner a project is set up for. */
export type Runner = 'vitest' | 'jest'

/** A user project on disk. */
export class E2eProject {
  private constructor(
    readonly dir: string,
    readonly runner: Runner,
  ) {}

  /**
   * Creates the project, installs the packed package into it, and writes `files`. `under` is the
   * folder whose node_modules the project resolves its other packages from (default: the toolchain).
   */
  static async create(runner: Runner, files: Record<string, string>, under = TOOLCHAIN): Promise<E2eProject> {
    const tarball = await packedTarball()
    const dir = join(under, '.tmp', `e2e-${runner}-${randomBytes(4).toString('hex')}`)
    const installed = join(dir, 'node_modules', 'mcp-contract')
    await mkdir(installed, { recursive: true })
    await run('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
    // Why: npm links the package's bin on install, and `npx mcp-contract` in a project finds it there.
    await mkdir(join(dir, 'node_modules', '.bin'))
    await symlink(join('..', 'mcp-contract', 'dist', 'cli.cjs'), join(dir, 'node_modules', '.bin', 'mcp-contract'))
    const project = new E2eProject(dir, runner)
    for (const [path, text] of Object.entries(files)) await project.write(path, text)
    return project
  }

  async write(path: string, text: string): Promise<void> {
    await mkdir(dirname(join(this.dir, path)), { recursive: true })
    await writeFile(join(this.dir, path), text)
  }

  /** Copies a file from the repository into the project. */
  async copyIn(fromRepo: string, to: string): Promise<void> {
    await mkdir(dirname(join(this.dir, to)), { recursive: true })
    await cp(join(ROOT, fromRepo), join(this.dir, to))
  }

  /** The file's bytes, or undefined when it does not exist. */
  async read(path: string): Promise<Buffer | undefined> {
    return readFile(join(this.dir, path)).catch(() => undefined)
  }

  /**
   * Runs the project's runner with `args`. The environment is minimal on purpose: no CI
   * variables leak in from the machine running these tests unless a scenario sets them.
   */
  async run(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
    const reportFile = join(this.dir, `report-${randomBytes(4).toString('hex')}.json`)
    const command =
      this.runner === 'vitest'
        ? [join(TOOLCHAIN, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args]
        : [join(TOOLCHAIN, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${reportFile}`, '--no-watchman', ...args]
    const environment = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? this.dir, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', FORCE_COLOR: '0', ...env }
    let code = 0
    let stdout = ''
    let stderr = ''
    try {
      ;({ stdout, stderr } = await run(process.execPath, command, { cwd: this.dir, env: environment, maxBuffer: 64 * 1024 * 1024 }))
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string }
      code = typeof failure.code === 'number' ? failure.code : 1
      stdout = failure.stdout ?? ''
      stderr = failure.stderr ?? ''
    }
    const reportText = await readFile(reportFile, 'utf8').catch(() => undefined)
    await rm(reportFile, { force: true })
    if (reportText === undefined) throw new Error(`${this.runner} wrote no JSON report (exit ${code}):\n${stdout}\n${stderr}`)
    return { code, output: this.scrub(`${stdout}\n${stderr}`), report: JSON.parse(reportText) as JsonReport }
  }

  /**
   * Runs a command line exactly as a user pastes it into a shell in the project (`npx vitest run
   * a.test.js -u`): `npx` finds the runner in the project's node_modules/.bin, as after an
   * install, and runs it with the Node running these tests. No JSON report: the caller reads the
   * files the command changed.
   */
  async runVerbatim(commandLine: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
    const bin = join(this.dir, 'node_modules', '.bin', this.runner)
    const target = this.runner === 'vitest' ? join(TOOLCHAIN, 'node_modules', 'vitest', 'vitest.mjs') : join(TOOLCHAIN, 'node_modules', 'jest', 'bin', 'jest.js')
    await symlink(target, bin).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    })
    // Why `npm_config_yes=false`: were the runner not found, npx must fail, not fetch one from the registry.
    const environment = { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? this.dir, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', FORCE_COLOR: '0', npm_config_yes: 'false', npm_config_update_notifier: 'false', ...env }
    try {
      const { stdout, stderr } = await run('/bin/sh', ['-c', commandLine], { cwd: this.dir, env: environment, maxBuffer: 64 * 1024 * 1024 })
      return { code: 0, output: this.scrub(`${stdout}\n${stderr}`) }
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string }
      return { code: typeof failure.code === 'number' ? failure.code : 1, output: this.scrub(`${failure.stdout ?? ''}\n${failure.stderr ?? ''}`) }
    }
  }

  /** Every failure message of a run, stack frames removed, scrubbed for snapshots. */
  failures(result: RunResult): Record<string, string> {
    const messages: Record<string, string> = {}
    for (const file of result.report.testResults) {
      for (const assertion of file.assertionResults) {
        if (assertion.failureMessages.length === 0) continue
        messages[assertion.title] = assertion.failureMessages.map((message) => this.scrub(withoutStack(message))).join('\n---\n')
      }
    }
    return messages
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true })
  }

  private scrub(text: string): string {
    // Why `<node>`: the matrix runs the same scenarios under several Node binaries.
    return stripColors(text).replaceAll(this.dir, '<project>').replaceAll(process.execPath, '<node>').replaceAll(ROOT, '<repo>').replaceAll(TOOLCHAIN, '<toolchain>')
  }
}

/** Removes ANSI color codes. */
export function stripColors(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}

/** A failure message without the stack trace the runner appended. */
function withoutStack(message: string): string {
  const lines = stripColors(message).split('\n')
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line))
  return (firstFrame === -1 ? lines : lines.slice(0, firstFrame)).join('\n').trimEnd()
}
