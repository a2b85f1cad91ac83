import { describe, expect, test } from 'vitest'
import { LineBuffer } from '../../src/capture/line-buffer.js'
import { MessageTooLarge } from '../../src/capture/wire-diagnostics.js'

/** Feeds chunks the way the SDK's stdio transport does: append, then read until null; errors are collected. */
function feed(buffer: LineBuffer, chunks: Buffer[]): { messages: unknown[]; errors: unknown[] } {
  const messages: unknown[] = []
  const errors: unknown[] = []
  for (const chunk of chunks) {
    try {
      buffer.append(chunk)
    } catch (error) {
      errors.push(error)
      continue
    }
    for (;;) {
      try {
        const message = buffer.readMessage()
        if (message === null) break
        messages.push(message)
      } catch (error) {
        errors.push(error)
      }
    }
  }
  return { messages, errors }
}

const parse = (line: string) => JSON.parse(line) as unknown

describe('LineBuffer', () => {
  const stream = '{"id":1}\n{"id":2,"text":"ünïcode ✓"}\r\n\nnot json\n{"id":3}\n'

  test('every way of splitting the stream in two or three gives the same messages', () => {
    const bytes = Buffer.from(stream, 'utf8')
    for (let first = 0; first <= bytes.length; first++) {
      for (let second = first; second <= bytes.length; second += 7) {
        const chunks = [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)].filter((chunk) => chunk.length > 0)
        const { messages, errors } = feed(new LineBuffer(parse, () => {}), chunks)
        expect(messages).toEqual([{ id: 1 }, { id: 2, text: 'ünïcode ✓' }, { id: 3 }])
        // The empty line and "not json" are reported, one error each.
        expect(errors.map((error) => (error as Error).name)).toEqual(['SyntaxError', 'SyntaxError'])
      }
    }
  })

  test('a message over the limit is skipped to its end, measured, and reported; the next one reads', () => {
    const reported: MessageTooLarge[] = []
    const buffer = new LineBuffer(parse, (error) => reported.push(error), 16)
    const big = `{"id":1,"pad":"${'x'.repeat(40)}"}`
    const { messages, errors } = feed(buffer, [Buffer.from(big.slice(0, 20)), Buffer.from(big.slice(20, 40)), Buffer.from(`${big.slice(40)}\n`), Buffer.from('{"id":2}\n')])
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBeInstanceOf(MessageTooLarge)
    expect(errors[0]).toMatchObject({ bytes: big.length, complete: true, limitBytes: 16 })
    expect(reported.at(-1)).toBe(errors[0])
    expect(messages).toEqual([{ id: 2 }])
  })

  test('a message over the limit that ends inside the chunk that crossed it is reported too', () => {
    const { errors } = feed(new LineBuffer(parse, () => {}, 16), [Buffer.from(`{"id":1,"pad":"${'x'.repeat(40)}"}\n`)])
    expect(errors[0]).toMatchObject({ name: 'MessageTooLarge', complete: true })
  })

  test('lines skipped unparsed are dropped, and a line a skipped chunk leaves unfinished still reads whole', () => {
    const seen: string[] = []
    const buffer = new LineBuffer((line) => (seen.push(line), JSON.parse(line) as unknown), () => {})
    // Split at every byte: the skipped chunk ends inside {"id":3}, which is read once the rest arrives.
    const stream = Buffer.from('{"id":1}\n{"id":2}\n{"id":3}\n{"id":4}\n', 'utf8')
    for (let cut = 18; cut < 27; cut++) {
      seen.length = 0
      buffer.clear()
      buffer.skipLines(stream.subarray(0, cut))
      const { messages } = feed(buffer, [stream.subarray(cut)])
      expect(messages).toEqual([{ id: 3 }, { id: 4 }])
      expect(seen).toEqual(['{"id":3}', '{"id":4}'])
    }
  })
})
