/** Where a CLI run reads and writes: the real process, or a test's buffers. */
export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
  env: NodeJS.ProcessEnv
  /** Where `auth` reads a pasted redirect URL from (a headless login). */
  stdin?: NodeJS.ReadableStream
  /** Whether stdout is a terminal: the text report is coloured there (`NO_COLOR` and `FORCE_COLOR` decide first). */
  isTerminal?: boolean
  /** Aborted with the signal's name (`SIGINT`, `SIGTERM`) when the run must stop; closes what it started. */
  signal?: AbortSignal
  /** Values stderr never shows: the tokens a run finds (set by `runCli`, which appends to it). */
  secrets?: string[]
}
