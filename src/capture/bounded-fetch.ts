/**
 * How many bytes of an HTTP error response's body capture reads.
 * Why: the SDK reads a failed response's whole body into its error message; a server that
 * answers 500 with 50 MB must cost neither the memory nor a 50 MB error.
 */
export const MAX_ERROR_BODY_BYTES = 4096

/**
 * Wraps `fetch` so that an HTTP error response (status 400 and above) carries at most the
 * first {@link MAX_ERROR_BODY_BYTES} bytes of its body; the rest is never read.
 * @example new StreamableHTTPClientTransport(url, { fetch: boundedFetch() })
 */
export function boundedFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init)
    if (response.status < 400 || response.body === null) return response
    const head = await readHead(response.body, MAX_ERROR_BODY_BYTES)
    return new Response(head, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
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
