/**
 * The CLI's one option table: every option, its value type, and the commands that take it. The
 * parser's options (`parseArgs`), each command's list (refusing an option it does not read, and
 * the near names suggested for a typo) and each command's help are generated from it.
 * Why one table: five hand-kept lists drifted (`--new` was missing from one).
 */

/** The commands the CLI knows. */
export const COMMANDS = ['snapshot', 'check', 'show', 'diff', 'lint', 'mock', 'verify', 'pact', 'publish', 'auth', 'record', 'lock'] as const

/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number]

/** One option: what its value is, whether it repeats, and who takes it. */
export interface OptionRow {
  type: 'string' | 'boolean'
  multiple?: true
  short?: string
  /** The commands that take it, none for `--help` and `--version` (every command, and none). */
  commands: readonly Command[]
}

/** The commands that reach a server given after `--` or with `--url`. */
const REACHING: readonly Command[] = ['snapshot', 'check', 'show', 'lint', 'verify']

/** Every option, in the order each command's help lists them. */
export const OPTION_TABLE = {
  '--contract': { type: 'string', commands: ['snapshot', 'check', 'show', 'lint', 'mock'] },
  '--as': { type: 'string', multiple: true, commands: ['snapshot', 'check', 'show'] },
  '--lock': { type: 'string', commands: ['lock', 'check'] },
  '--config': { type: 'string', commands: ['lock', 'check'] },
  '--allow-not-checked': { type: 'boolean', commands: ['lock', 'check'] },
  '--format': { type: 'string', commands: ['check', 'show', 'diff', 'lint', 'verify'] },
  '--strict': { type: 'boolean', commands: ['snapshot', 'check', 'diff'] },
  '--fail-on': { type: 'string', commands: ['snapshot', 'check', 'diff'] },
  '--profile': { type: 'string', multiple: true, commands: ['snapshot', 'check', 'show', 'diff', 'lint', 'lock'] },
  '--ignore': { type: 'string', multiple: true, commands: ['snapshot', 'check', 'diff', 'verify'] },
  '--force': { type: 'boolean', commands: ['snapshot'] },
  '--used': { type: 'string', multiple: true, commands: ['check', 'diff'] },
  '--used-by': { type: 'string', multiple: true, commands: ['check', 'show', 'diff'] },
  '--suggest-version': { type: 'boolean', commands: ['check', 'show', 'diff'] },
  '--tokens': { type: 'boolean', commands: ['show'] },
  '--seed': { type: 'string', commands: ['mock'] },
  '--consumers': { type: 'string', multiple: true, commands: ['verify'] },
  '--consumer-branch': { type: 'string', commands: ['verify'] },
  '--call': { type: 'boolean', commands: ['verify'] },
  '--allow-destructive': { type: 'boolean', commands: ['verify'] },
  '--consumer': { type: 'string', commands: ['record'] },
  '--out': { type: 'string', commands: ['record', 'pact'] },
  '--new': { type: 'boolean', commands: ['record'] },
  '--given': { type: 'string', commands: ['record'] },
  '--redact': { type: 'string', multiple: true, commands: ['record'] },
  '--max-examples': { type: 'string', commands: ['record'] },
  '--to': { type: 'string', commands: ['publish'] },
  '--consumer-version': { type: 'string', commands: ['publish'] },
  '--branch': { type: 'string', commands: ['publish'] },
  '--provider': { type: 'string', commands: ['verify', 'pact', 'publish'] },
  '--url': { type: 'string', commands: [...REACHING, 'record', 'auth'] },
  '--port': { type: 'string', commands: ['mock', 'record', 'auth'] },
  '--verbose': { type: 'boolean', commands: ['mock'] },
  '--header': { type: 'string', multiple: true, commands: [...REACHING, 'record'] },
  '--bearer': { type: 'string', multiple: true, commands: [...REACHING, 'record'] },
  '--bearer-env': { type: 'string', multiple: true, commands: REACHING },
  '--transport': { type: 'string', commands: REACHING },
  '--era': { type: 'string', commands: REACHING },
  '--scope': { type: 'string', commands: ['auth'] },
  '--open': { type: 'string', commands: ['auth'] },
  '--timeout': { type: 'string', commands: [...REACHING, 'auth', 'lock'] },
  '--client-id': { type: 'string', commands: [...REACHING, 'auth'] },
  '--client-secret-env': { type: 'string', commands: [...REACHING, 'auth'] },
  '--client-metadata-url': { type: 'string', commands: ['auth'] },
  '--logout': { type: 'boolean', commands: ['auth'] },
  '--status': { type: 'boolean', commands: ['auth'] },
  '--help': { type: 'boolean', short: 'h', commands: [] },
  '--version': { type: 'boolean', short: 'v', commands: [] },
} as const satisfies Record<`--${string}`, OptionRow>

/** The table as `node:util` `parseArgs` types it: names without `--`, `multiple` true or false. */
export type ParserOptions = {
  [Name in keyof typeof OPTION_TABLE as Name extends `--${infer Bare}` ? Bare : never]: {
    type: (typeof OPTION_TABLE)[Name]['type']
    multiple: (typeof OPTION_TABLE)[Name] extends { multiple: true } ? true : false
    short?: string
  }
}

/** The options as `node:util` `parseArgs` takes them (names without `--`). */
export function parserOptions(): ParserOptions {
  return Object.fromEntries(
    Object.entries(OPTION_TABLE).map(([name, row]) => [name.slice(2), { type: row.type, multiple: 'multiple' in row, ...('short' in row ? { short: row.short } : {}) }]),
  ) as ParserOptions
}
