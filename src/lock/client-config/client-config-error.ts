/**
 * Why a client config could not be used: `not-found` (no file at the path, or none at the known
 * locations), `no-servers` (files read, not one server in them), `unreadable` (the file system refused).
 */
export type ClientConfigErrorCode = 'not-found' | 'no-servers' | 'unreadable'

/** A client config that could not be read; the message says what failed and what to do. */
export class ClientConfigError extends Error {
  readonly code: ClientConfigErrorCode | 'syntax' | 'shape'
  readonly file: string

  constructor(code: ClientConfigErrorCode | 'syntax' | 'shape', file: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ClientConfigError'
    this.code = code
    this.file = file
  }
}

/**
 * A config file that does not parse (`syntax`: the client would refuse it too) or holds a server its
 * client could not start (`shape`: `args` not a list, no `command` nor `url`), at a line and column
 * (1-based). The CLI exits 2 on it.
 */
export class ConfigParseError extends ClientConfigError {
  readonly line: number
  readonly column: number

  constructor(code: 'syntax' | 'shape', file: string, at: { line: number; column: number }, message: string, options?: { cause?: unknown }) {
    super(code, file, `${file}:${at.line}:${at.column}: ${message}`, options)
    this.name = 'ConfigParseError'
    this.line = at.line
    this.column = at.column
  }
}
