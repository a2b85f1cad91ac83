import { clientKindOf } from './client-kind.js'
import { checkRecordingOptions, type RecordConsumerOptions } from './recording-options.js'
import { RECORDING, WireRecording } from './wire-recording.js'

/** The members of an MCP transport every client calls; the rest is passed through untouched. */
const TRANSPORT_METHODS = ['start', 'send', 'close'] as const

/**
 * Wraps an MCP transport (the SDK's stdio, Streamable HTTP or in-memory transports, the AI SDK's
 * `MCPTransport`, anything with `start`, `send`, `close` and the `onmessage` / `onclose` /
 * `onerror` callbacks) so every JSON-RPC message through it is recorded as the consumer's use:
 * tools called with their arguments, prompts got, resources read, and the fields the consumer's
 * own code reads from `structuredContent` where the client hands that object on as it came (the
 * AI SDK does; the SDK's `Client` parses results into copies, so use `recordConsumer` there).
 * Everything else is the transport's own: callbacks the client sets on the wrapper land on the
 * transport, and `sessionId`, `setProtocolVersion` and other members read through.
 * It never sends a request of its own: hints and output schemas come from the `tools/list` the
 * client makes. Hand the returned transport to `expect(transport).toMatchConsumerContract(file)`.
 * @example const transport = recordTransport(new StdioClientTransport({ command: 'node', args: ['server.js'] }), { consumer: 'checkout-agent' })
 */
export function recordTransport<T extends object>(transport: T, options: RecordConsumerOptions): T {
  checkRecordingOptions('recordTransport', 'transport', options)
  const inner = transport as Record<PropertyKey, unknown>
  const missing = typeof transport === 'object' && transport !== null ? TRANSPORT_METHODS.filter((name) => typeof inner[name] !== 'function') : [...TRANSPORT_METHODS]
  if (clientKindOf(transport) === 'sdk-client') {
    throw new TypeError("recordTransport wraps the transport a client connects through, and this is an MCP SDK Client. Wrap the client with recordConsumer(client, { consumer: 'checkout-agent' }), or its transport before connecting: await client.connect(recordTransport(transport, { consumer: 'checkout-agent' })).")
  }
  if (missing.length > 0) {
    throw new TypeError(
      `recordTransport wraps an MCP transport (start(), send(), close(), and the onmessage / onclose / onerror callbacks), and this has no ${missing.map((name) => `${name}()`).join(', ')}. Wrap the transport before a client connects through it: recordTransport(new StdioClientTransport({ command: 'node', args: ['server.js'] }), { consumer: 'checkout-agent' }).`,
    )
  }
  const recording = new WireRecording({ ...options, observeReads: true })
  let handler = typeof inner.onmessage === 'function' ? (inner.onmessage as (message: unknown, ...extra: unknown[]) => void) : undefined
  const deliver = (message: unknown, ...extra: unknown[]) => handler?.(recording.fromServer(message), ...extra)
  if (handler !== undefined) inner.onmessage = deliver
  const send = (message: unknown, ...rest: unknown[]) => {
    recording.fromClient(message)
    return (inner.send as (...args: unknown[]) => unknown)(message, ...rest)
  }
  return new Proxy(transport, {
    get(target, key) {
      if (key === RECORDING) return recording
      if (key === 'send') return send
      if (key === 'onmessage') return handler
      const value = Reflect.get(target, key, target)
      // Why bound to the transport: its methods may use private fields, which a Proxy as `this` cannot reach.
      return typeof value === 'function' && !(typeof key === 'string' && key.startsWith('on')) ? value.bind(target) : value
    },
    set(target, key, value) {
      if (key !== 'onmessage') return Reflect.set(target, key, value, target)
      handler = typeof value === 'function' ? (value as typeof handler) : undefined
      // Why the transport gets our function: it calls its own onmessage with each message it reads.
      return Reflect.set(target, key, handler === undefined ? value : deliver, target)
    },
  })
}
