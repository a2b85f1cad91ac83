import type { WireRecording } from './wire-recording.js'

/**
 * Feeds what a consumer does through an API instead of a wire (an SDK `Client`'s methods,
 * Mastra's tools) to the one recorder, as the JSON-RPC messages it stands for: a request when
 * the consumer makes it, its answer when it comes back.
 * @example const feed = new CallFeed(recording, () => client.getServerVersion()); const id = feed.request('tools/call', { name: 'get_weather', arguments: { city: 'Melbourne' } }); feed.answer(id, result)
 */
export class CallFeed {
  private next = 0

  /** `serverInfo` answers what `initialize` said of the server, read at the first request; `undefined` when unknown. */
  constructor(
    readonly recording: WireRecording,
    private readonly serverInfo: () => unknown,
  ) {}

  /** Records one request; returns the id to answer it with. */
  request(method: string, params: Record<string, unknown>): string {
    if (this.next === 0) {
      // Why at the first request: a client is connected by then, and its serverInfo is what initialize answered.
      const info = this.serverInfo()
      this.next++
      this.answer(this.request('initialize', {}), { serverInfo: info })
    }
    const id = `mcp-contract:${++this.next}`
    this.recording.fromClient({ jsonrpc: '2.0', id, method, params })
    return id
  }

  /** The result as the consumer should see it (its `structuredContent` tracking the consumer's reads). */
  answer(id: string, result: unknown): unknown {
    const handed = this.recording.fromServer({ jsonrpc: '2.0', id, result }) as { result: unknown }
    return handed.result
  }
}
