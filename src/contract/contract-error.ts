/** Why a contract file could not be used. */
export type ContractErrorCode = 'missing' | 'unreadable' | 'invalid' | 'newer' | 'unwritable' | 'consumer-contract'

/** A contract file that could not be read or written; the message says what to do. */
export class ContractFileError extends Error {
  readonly code: ContractErrorCode
  readonly file: string

  constructor(code: ContractErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ContractFileError'
    this.code = code
    this.file = file
  }
}
