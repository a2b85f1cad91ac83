import { createRequire } from 'node:module'

/** States an automaton built from a server's pattern may have; past it refa throws and the answer is unknown. */
export const MAX_STATES = 2_000

type Refa = typeof import('refa')
let refa: Refa | undefined

/**
 * refa, loaded on first use. Why required, not imported: it costs about 25 ms to load, only a
 * changed pattern needs it, and the diff is synchronous.
 */
export function loadRefa(): Refa {
  return (refa ??= createRequire(import.meta.url)('refa') as Refa)
}

/**
 * The strings `pattern` finds a match in, as an automaton (its `test` runs in time linear in the string): JSON Schema patterns are not
 * anchored, so the pattern sits between two runs of any characters, and its own `^`, `$` and
 * `\b` are resolved against them. Throws when refa cannot resolve an assertion.
 */
export function searchLanguage(pattern: string) {
  const { JS, NFA, Transformers, combineTransformers, transform } = loadRefa()
  // Why first on its own: only a pattern that is whole by itself can be wrapped in a group as is.
  new RegExp(pattern, 'u')
  const parser = JS.Parser.fromLiteral({ source: `^[^]*(?:${pattern})[^]*$`, flags: 'u' })
  const { expression, maxCharacter } = parser.parse({ backreferences: 'throw', assertions: 'parse', simplify: false })
  const resolved = transform(
    combineTransformers([
      Transformers.applyAssertions(),
      Transformers.removeUnnecessaryAssertions(),
      Transformers.patternEdgeAssertions({ remove: true }),
      Transformers.inline(),
      Transformers.removeDeadBranches(),
    ]),
    expression,
    { maxPasses: 20 },
  )
  return NFA.fromRegex(resolved, { maxCharacter }, { assertions: 'throw' }, new NFA.LimitedNodeFactory(MAX_STATES))
}

