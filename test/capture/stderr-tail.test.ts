import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { StderrTail, STDERR_TAIL_LINES } from '../../src/capture/stderr-tail.js'

async function tailOf(chunks: string[]): Promise<string[]> {
  const stream = new PassThrough()
  const tail = new StderrTail(stream)
  for (const chunk of chunks) stream.write(chunk)
  stream.end()
  await tail.settle(1000)
  return tail.lines()
}

describe('StderrTail', () => {
  test.each([
    { title: 'whole lines', chunks: ['one\ntwo\n'], lines: ['one', 'two'] },
    { title: 'a line split across chunks', chunks: ['fat', 'al: no\n'], lines: ['fatal: no'] },
    { title: 'an unterminated last line', chunks: ['one\nlast words'], lines: ['one', 'last words'] },
    { title: 'blank lines and CRLF', chunks: ['one\r\n\n  \ntwo\r\n'], lines: ['one', 'two'] },
    { title: 'only the last lines', chunks: [Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join('')], lines: Array.from({ length: STDERR_TAIL_LINES }, (_, i) => `line ${i + 10}`) },
    { title: 'a huge line is clipped', chunks: [`${'x'.repeat(2000)}\n`], lines: [`${'x'.repeat(500)}…`] },
  ])('$title', async ({ chunks, lines }) => {
    expect(await tailOf(chunks)).toEqual(lines)
  })

  test('a server that writes more than 20 lines before crashing: the error quotes the last 20', async () => {
    const script = 'for (let i = 0; i < 30; i++) console.error(`boot step ${i}`); process.exit(2)'
    const failure = await captureRaw({ command: process.execPath, args: ['-e', script] }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 'start-failed', stderrTail: Array.from({ length: 20 }, (_, i) => `boot step ${i + 10}`) })
  })
})
