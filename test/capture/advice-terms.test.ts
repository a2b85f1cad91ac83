import { describe, expect, test } from 'vitest'
import { ADVICE_TERMS, adviceIn, type AdvicePiece } from '../../src/capture/advice-terms.js'
import { CaptureError, captureRaw, type AdviceFor } from '../../src/capture/capture-raw.js'

const pieces = Object.keys(ADVICE_TERMS) as AdvicePiece[]

describe('each piece of capture advice names only what its reader can change', () => {
  test.each(pieces.map((piece) => ({ piece })))('$piece: flags for the CLI, option and target fields for the API and the matchers, never "(CLI: …)"', ({ piece }) => {
    expect(adviceIn(piece, 'cli')).toMatch(/--[a-z]/)
    for (const reader of ['api', 'matcher'] as const) expect(adviceIn(piece, reader)).not.toMatch(/--[a-z]/)
    for (const reader of ['api', 'cli', 'matcher'] as const) expect(adviceIn(piece, reader)).not.toContain('CLI:')
  })

  test('the API is the default reader', () => {
    expect(adviceIn('raiseTimeout')).toBe(adviceIn('raiseTimeout', 'api'))
  })
})

describe('a capture failure words its advice for the reader it is given', () => {
  const sseInModernEra = async (adviceFor: AdviceFor | undefined) => {
    const error = await captureRaw({ url: 'http://127.0.0.1:9/sse', transport: 'sse' }, { era: '2026-07-28', adviceFor }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CaptureError)
    return (error as Error).message.replace(/^.*?only\. /, '')
  }
  test.each([
    { reader: undefined, expected: "Drop transport: 'sse' from the target, or read it with era: 'legacy'." },
    { reader: 'cli' as const, expected: 'Drop --transport sse, or read it with --era legacy.' },
    { reader: 'matcher' as const, expected: "Drop transport: 'sse' from the target given to expect(), or read it with { era: 'legacy' } as the matcher's policy." },
  ])('HTTP+SSE pinned in the 2026-07-28 era, read by $reader', async ({ reader, expected }) => {
    expect(await sseInModernEra(reader)).toBe(expected)
  })
})
