import { MessageTooLarge } from './wire-diagnostics.js'

/**
 * The largest single message capture reads from a stdio server: 64 MiB.
 * Why above the SDK's 10 MiB: a server with many tools and rich schemas can send a tools/list
 * page that large, and stdio has no limit of its own; 64 MiB still bounds what a runaway server
 * costs in memory.
 */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024

/**
 * Splits a stdio stream into JSON-RPC messages, one per line, in time linear in its size, and
 * stands in for the SDK's own read buffer (same `append` / `readMessage` / `clear`).
 * Why not the SDK's: it copies everything buffered on every chunk (quadratic in a message's
 * size), stops at 10 MiB, and reports an oversized message only as a closed connection. This
 * one skips an oversized message to its end to measure it, then reports it as
 * {@link MessageTooLarge}; a line that is not JSON-RPC is reported by `readMessage` and skipped.
 */
export class LineBuffer {
  private chunks: Buffer[] = []
  private bufferedBytes = 0
  /** Bytes of an oversized message skipped so far, or -1 when not skipping. */
  private skipped = -1

  constructor(
    private readonly deserialize: (line: string) => unknown,
    private readonly onTooLarge: (error: MessageTooLarge) => void,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  /** Takes one chunk from the stream. Throws {@link MessageTooLarge} when an oversized message ends. */
  append(chunk: Buffer): void {
    if (this.skipped >= 0) {
      const end = chunk.indexOf(0x0a)
      if (end === -1) {
        this.skipped += chunk.length
        this.onTooLarge(new MessageTooLarge(this.skipped, this.maxBytes, false))
        return
      }
      const error = new MessageTooLarge(this.skipped + end, this.maxBytes, true)
      this.skipped = -1
      this.clear()
      this.onTooLarge(error)
      // Why throw: the transport then closes, and the request waiting for this reply fails now.
      throw error
    }
    this.chunks.push(chunk)
    this.bufferedBytes += chunk.length
    if (chunk.indexOf(0x0a) === -1 && this.bufferedBytes > this.maxBytes) {
      this.skipped = this.bufferedBytes
      this.clear()
      this.onTooLarge(new MessageTooLarge(this.skipped, this.maxBytes, false))
    }
  }

  /**
   * Takes a chunk whose complete lines nobody will read: what is buffered up to the chunk's last
   * newline is dropped unparsed, and the line it leaves unfinished stays buffered, so the next
   * chunk read still starts at a line's start. Throws like {@link append}.
   */
  skipLines(chunk: Buffer): void {
    const end = this.skipped >= 0 ? -1 : chunk.lastIndexOf(0x0a)
    if (end === -1) return this.append(chunk)
    this.clear()
    if (end + 1 < chunk.length) this.append(chunk.subarray(end + 1))
  }

  /** The next complete message, `null` when none is buffered; throws for a line that is not JSON-RPC. */
  readMessage(): unknown {
    if (this.chunks.length === 0) return null
    const last = this.chunks[this.chunks.length - 1]
    if (last.indexOf(0x0a) === -1) return null
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)
    const end = all.indexOf(0x0a)
    const rest = all.subarray(end + 1)
    this.chunks = rest.length > 0 ? [rest] : []
    this.bufferedBytes = rest.length
    if (end > this.maxBytes) throw new MessageTooLarge(end, this.maxBytes, true)
    // Why the byte before the newline looked at, not \r$ replaced in the text: a regular expression
    // tried at every character of a line many megabytes long.
    return this.deserialize(all.toString('utf8', 0, end > 0 && all[end - 1] === 0x0d ? end - 1 : end))
  }

  /** Forgets everything buffered. */
  clear(): void {
    this.chunks = []
    this.bufferedBytes = 0
  }
}
