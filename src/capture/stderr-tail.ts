import type { Readable } from 'node:stream'

/** How many stderr lines a capture error quotes. */
export const STDERR_TAIL_LINES = 20

// Why: one runaway line (a minified stack, a JSON dump) must not flood an error message.
const MAX_LINE_LENGTH = 500

/**
 * Keeps the last lines a server wrote to stderr, so that an error about the server can quote
 * them. Reading also keeps the pipe drained, so a chatty server never blocks on a full pipe.
 * @example const tail = new StderrTail(transport.stderr); … tail.lines()
 */
export class StderrTail {
  private readonly kept: string[] = []
  private partial = ''
  private readonly ended: Promise<void>

  constructor(stream: Readable | null) {
    if (stream === null) {
      this.ended = Promise.resolve()
      return
    }
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => this.append(chunk))
    this.ended = new Promise((resolve) => {
      stream.once('end', resolve)
      stream.once('close', resolve)
      stream.once('error', resolve)
    })
  }

  /** The last lines written, oldest first, including an unterminated last line. */
  lines(): string[] {
    const lines = this.partial.trim() === '' ? [...this.kept] : [...this.kept, clip(this.partial)]
    return lines.slice(-STDERR_TAIL_LINES)
  }

  /**
   * Waits until the stream has ended, at most `maxWaitMs`.
   * Why: a child's exit can be reported a moment before its last stderr bytes are read, and
   * those last bytes are usually the line that explains the exit.
   */
  async settle(maxWaitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs)
    })
    await Promise.race([this.ended, waited])
    clearTimeout(timer)
  }

  private append(chunk: string): void {
    const pieces = (this.partial + chunk).split(/\r?\n/)
    this.partial = pieces.pop() ?? ''
    if (this.partial.length > MAX_LINE_LENGTH * 4) this.partial = this.partial.slice(-MAX_LINE_LENGTH * 4)
    for (const piece of pieces) {
      if (piece.trim() === '') continue
      this.kept.push(clip(piece))
      if (this.kept.length > STDERR_TAIL_LINES) this.kept.shift()
    }
  }
}

function clip(line: string): string {
  return line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}…` : line
}
