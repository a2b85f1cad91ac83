import { MAX_MESSAGE_BYTES } from './line-buffer.js'
import { MessageTooLarge } from './wire-diagnostics.js'

/**
 * The most bytes one HTTP+SSE event stream may carry in a capture: four times the largest message.
 * Why a cap on the whole stream: on the legacy transport every answer arrives on one GET stream,
 * and a server that streams without end (comments, junk events) would hold capture until every
 * step timed out, and spend its CPU; four full-size answers is more than any real capture reads.
 */
export const MAX_EVENT_STREAM_BYTES = 4 * MAX_MESSAGE_BYTES

const LF = 0x0a
const CR = 0x0d

/**
 * Wraps the `fetch` of the HTTP+SSE transport so that its GET event stream stops with
 * {@link MessageTooLarge} (reported to `onTooLarge`) once one event passes `eventBytes` (default
 * 64 MiB, as one message anywhere else) or the stream passes `streamBytes` (default
 * {@link MAX_EVENT_STREAM_BYTES}). Other requests pass through to `base`.
 * Why count here, below the SDK: its EventSource parser keeps an unfinished event in memory, whole.
 * @example new SSEClientTransport(url, { fetch: boundedEventStream(onTooLarge, boundedFetch(onTooLarge)) })
 */
export function boundedEventStream(
  onTooLarge: (error: MessageTooLarge) => void,
  base: typeof fetch = fetch,
  limits: { eventBytes?: number; streamBytes?: number } = {},
): typeof fetch {
  const eventBytes = limits.eventBytes ?? MAX_MESSAGE_BYTES
  const streamBytes = limits.streamBytes ?? MAX_EVENT_STREAM_BYTES
  return async (input, init) => {
    const response = await base(input, init)
    if (response.body === null || !response.ok || (init?.method ?? 'GET').toUpperCase() !== 'GET') return response
    const limited = response.body.pipeThrough(eventLimit(eventBytes, streamBytes, onTooLarge))
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

/**
 * Counts the bytes of the current event (since the last blank line: LF LF, CRLF CRLF or CR CR)
 * and of the whole stream, and errors the stream past either limit.
 */
function eventLimit(eventBytes: number, streamBytes: number, onTooLarge: (error: MessageTooLarge) => void): TransformStream<Uint8Array, Uint8Array> {
  let total = 0
  let inEvent = 0
  let atLineStart = true
  let previous = -1
  const stop = (controller: TransformStreamDefaultController<Uint8Array>, error: MessageTooLarge) => {
    onTooLarge(error)
    controller.error(error)
  }
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength
      if (total > streamBytes) return stop(controller, new MessageTooLarge(total, streamBytes, false, 'stream'))
      // Why indexOf, not a loop over every byte: most bytes are neither CR nor LF, and native search is much faster.
      let lf = chunk.indexOf(LF)
      let cr = chunk.indexOf(CR)
      let at = 0
      while (at < chunk.byteLength) {
        if (lf !== -1 && lf < at) lf = chunk.indexOf(LF, at)
        if (cr !== -1 && cr < at) cr = chunk.indexOf(CR, at)
        const next = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr)
        const end = next === -1 ? chunk.byteLength : next
        if (end > at) {
          atLineStart = false
          inEvent += end - at
          previous = chunk[end - 1] as number
        }
        if (next === -1) break
        const byte = chunk[next] as number
        // A line ends (CR LF is one end); a line that ends where it started is blank, and a blank line ends the event.
        if (!(byte === LF && previous === CR)) {
          if (atLineStart) {
            if (inEvent > eventBytes) return stop(controller, new MessageTooLarge(inEvent, eventBytes, true))
            inEvent = 0
          }
          atLineStart = true
        }
        previous = byte
        at = next + 1
      }
      if (inEvent > eventBytes) return stop(controller, new MessageTooLarge(inEvent, eventBytes, false))
      controller.enqueue(chunk)
    },
  })
}
