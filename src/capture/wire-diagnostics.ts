/**
 * One message a server sent that is larger than capture reads; internal, raised by the stdio
 * line reader and counted by {@link WireDiagnostics}.
 */
export class MessageTooLarge extends Error {
  override name = 'MessageTooLarge'

  constructor(
    /** Bytes of the message seen so far (all of it when `complete`). */
    readonly bytes: number,
    readonly limitBytes: number,
    /** True once the message's end of line arrived. */
    readonly complete: boolean,
    /** `stream`: the limit is on a whole HTTP+SSE event stream, not on one message. */
    readonly scope: 'message' | 'stream' = 'message',
  ) {
    super(scope === 'stream' ? `an event stream of more than ${formatBytes(bytes)} exceeds the ${formatBytes(limitBytes)} limit` : `one message of ${complete ? '' : 'more than '}${formatBytes(bytes)} exceeds the ${formatBytes(limitBytes)} limit`)
  }

  /** The message as a phrase: `one message of 70.0 MiB, over the 64.0 MiB limit`. */
  phrase(): string {
    if (this.scope === 'stream') return `more than ${formatBytes(this.bytes)} on its HTTP+SSE event stream, over the ${formatBytes(this.limitBytes)} limit for one capture`
    return `one message of ${this.complete ? '' : 'more than '}${formatBytes(this.bytes)}, over the ${formatBytes(this.limitBytes)} limit`
  }
}

/**
 * What a server sent that capture could not use: lines that are not JSON-RPC, replies to
 * requests capture never sent, a message over the size limit. The SDK drops these with no more
 * than an `onerror` call; counting them lets a failure or a timeout say what really happened.
 * @example client.onerror = (error) => wire.record(error) … wire.describe()
 */
export class WireDiagnostics {
  /** Lines or bodies that were not JSON, or JSON that is no JSON-RPC message. */
  notJsonRpc = 0
  /** Replies whose id matches no request capture sent. */
  unmatchedReplies = 0
  /** The message over the size limit, when there was one. */
  tooLarge: MessageTooLarge | undefined

  /** Sorts one error the SDK reported into what it says about the server's output. */
  record(error: unknown): void {
    if (error instanceof MessageTooLarge) {
      this.tooLarge = error
      return
    }
    const name = (error as { name?: unknown } | null)?.name
    const message = error instanceof Error ? error.message : ''
    if (error instanceof SyntaxError || name === 'ZodError' || name === '$ZodError') this.notJsonRpc += 1
    else if (message.startsWith('Received a response for an unknown message ID')) this.unmatchedReplies += 1
  }

  /** One sentence about what was dropped, for an error message; `undefined` when nothing was. */
  describe(): string | undefined {
    const parts: string[] = []
    if (this.tooLarge !== undefined) parts.push(this.tooLarge.phrase())
    if (this.notJsonRpc > 0) parts.push(`${count(this.notJsonRpc, 'message')} that ${this.notJsonRpc === 1 ? 'was' : 'were'} not JSON-RPC`)
    if (this.unmatchedReplies > 0) parts.push(`${count(this.unmatchedReplies, 'reply', 'replies')} to a request capture never sent`)
    if (parts.length === 0) return undefined
    return `Before that, the server sent ${parts.join(', and ')}; capture skipped ${parts.length === 1 && this.notJsonRpc + this.unmatchedReplies <= 1 ? 'it' : 'them'}.`
  }
}

/** Bytes in the unit a person reads: `812 bytes`, `10.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`
}
