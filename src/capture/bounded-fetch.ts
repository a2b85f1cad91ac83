import { MAX_MESSAGE_BYTES } from './line-buffer.js'
import { MessageTooLarge } from './wire-diagnostics.js'

/**
 * How many bytes of an HTTP error response's body capture reads.
 * Why: the SDK reads a failed response's whole body into its error message; a server that
 * answers 500 with 50 MB must cost neither the memory nor a 50 MB error.
 */
export const MAX_ERROR_BODY_BYTES = 4096

/**
 * Wraps `fetch` so that an HTTP error response (status 400 and above) carries at most the
 * first {@link MAX_ERROR_BODY_BYTES} bytes of its body (the rest is never read), and the answer
 * to a request stops with {@link MessageTooLarge} past `maxBytes` (default 64 MiB, as over
 * stdio), reported to `onTooLarge`.
 * Why a cap on answers too: a server can stream a reply faster than a timeout fires, and all of
 * it would be held in memory.
 * @example new StreamableHTTPClientTransport(url, { fetch: boundedFetch((error) => wire.record(error)) })
 */
export function boundedFetch(onTooLarge: (error: MessageTooLarge) => void, maxBytes = MAX_MESSAGE_BYTES, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init)
    if (response.body === null) return response
    const headers = { status: response.status, statusText: response.statusText, headers: response.headers }
    if (response.status >= 400) return new Response(await readHead(response.body, MAX_ERROR_BODY_BYTES), headers)
    // Why only answers to POST: the GET stream is the session's open notification channel, not one answer.
    if (init?.method !== 'POST') return response
    return new Response(response.body.pipeThrough(byteLimit(maxBytes, onTooLarge)), headers)
  }
}

function byteLimit(maxBytes: number, onTooLarge: (error: MessageTooLarge) => void): TransformStream<Uint8Array, Uint8Array> {
  let bytes = 0
  return new TransformStream({
    transform(chunk, controller) {
      bytes += chunk.byteLength
      if (bytes <= maxBytes) {
        controller.enqueue(chunk)
        return
      }
      const error = new MessageTooLarge(bytes, maxBytes, false)
      onTooLarge(error)
      controller.error(error)
    },
  })
}

async function readHead(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  let truncated = false
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      bytes += value.byteLength
    }
    truncated = bytes >= maxBytes
  } finally {
    await reader.cancel().catch(() => {})
  }
  const head = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8')
  return truncated ? `${head}… (body cut at ${maxBytes} bytes)` : head
}
