/** An expected failure of a CLI run: printed as one clear message, no stack, exit code 2. */
export class CliUsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CliUsageError'
  }
}
