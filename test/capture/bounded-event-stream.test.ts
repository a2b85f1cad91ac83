import { describe, expect, test } from 'vitest'
import { boundedEventStream } from '../../src/capture/bounded-event-stream.js'
import type { MessageTooLarge } from '../../src/capture/wire-diagnostics.js'

/** Streams `parts` as chunks through the bounded fetch (small limits); returns what stopped it, if anything. */
async function stream(parts: string[], limits: { eventBytes: number; streamBytes: number }, method?: string): Promise<string> {
  let stopped: MessageTooLarge | undefined
  const body = () => new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
      controller.close()
    },
  })
  const limited = boundedEventStream((error) => (stopped = error), async () => new Response(body()), limits)
  const text = await (await limited('http://127.0.0.1/sse', method === undefined ? {} : { method })).text().catch(() => '')
  return stopped === undefined ? `passed ${text.length} bytes` : stopped.message
}

describe('boundedEventStream counts each event and the whole stream', () => {
  test('events end at a blank line in each of the three line-end styles, even split across chunks', async () => {
    expect(await stream(['data: 12345\n\n', 'data: 12345\r\n\r\n', 'data: 1234', '5\r\r', 'data: 12345\r', '\n', '\r\n'], { eventBytes: 11, streamBytes: 1000 })).toBe('passed 56 bytes')
  })

  test('one event over the limit stops the stream; a CR LF is one line end, not a blank line', async () => {
    expect(await stream(['data: 123456\n\n'], { eventBytes: 11, streamBytes: 1000 })).toBe('one message of 12 bytes exceeds the 11 bytes limit')
    expect(await stream(['data: 12345\r', '\ndata: 1\r\n\r\n'], { eventBytes: 11, streamBytes: 1000 })).toBe('one message of 18 bytes exceeds the 11 bytes limit')
  })

  test('small events past the limit for the whole stream stop it; a POST answer is not an event stream', async () => {
    expect(await stream(['a\n\n'.repeat(100)], { eventBytes: 11, streamBytes: 299 })).toBe('an event stream of more than 300 bytes exceeds the 299 bytes limit')
    expect(await stream(['data: 123456\n\n'], { eventBytes: 11, streamBytes: 1000 }, 'POST')).toBe('passed 14 bytes')
  })
})
