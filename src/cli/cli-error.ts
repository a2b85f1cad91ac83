/** An expected failure of a CLI run: printed as one clear message, no stack, exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CliUsageError'
  }
}

/**
 * An expected failure of a CLI run that is not about how the arguments are written (a credential
 * that is not set, an authorization the contract does not record): one message, no usage, exit 2.
 */
export class CliRunError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CliRunError'
  }
}
