import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'

const resolver = vi.hoisted(() => ({ calls: 0 }))

vi.mock(import('../../src/schema/local-refs.js'), async (original) => {
  const module = await original()
  return {
    ...module,
    resolveLocalRefs: (root: unknown) => {
      resolver.calls++
      return module.resolveLocalRefs(root)
    },
  }
})

const { canonicalizeSchema } = await import('../../src/schema/canonicalize-schema.js')

describe('the resolver runs only for schemas that have a reference', () => {
  test('zod-generated tool schemas without $ref never reach it', () => {
    resolver.calls = 0
    for (let i = 0; i < 50; i++) {
      const model = z.object({ [`q${i}`]: z.string().min(1), limit: z.number().int().optional(), tags: z.array(z.string()), nested: z.object({ city: z.string() }).optional() })
      canonicalizeSchema(z.toJSONSchema(model, { target: 'draft-7', io: 'input' }))
    }
    expect(resolver.calls).toBe(0)
  })

  test('a "$ref" inside data (a default value) is not a reference', () => {
    resolver.calls = 0
    canonicalizeSchema({ type: 'object', default: { $ref: '#/nowhere' }, enum: [{ $ref: 'x' }] })
    expect(resolver.calls).toBe(0)
  })

  test('a schema with a $ref goes through it once', () => {
    resolver.calls = 0
    canonicalizeSchema({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } })
    expect(resolver.calls).toBe(1)
  })
})
