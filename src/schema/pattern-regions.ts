import { loadRefa, MAX_STATES, searchLanguage } from './pattern-automaton.js'

/**
 * Past these, pattern regions are not computed and the comparison answers unknown.
 * Why: n patterns split the names into up to 2^n regions, each an automaton product.
 */
export const MAX_REGION_PATTERNS = 12
export const MAX_REGIONS = 32

type Dfa = InstanceType<ReturnType<typeof loadRefa>['DFA']>

/**
 * The common refinement of the property-name space by `patterns`: every non-empty region,
 * named by the patterns that match each of its names (a name in the region with `[]` matches
 * none). `undefined` when it cannot be decided: a pattern refa cannot read, too many states,
 * more than `MAX_REGION_PATTERNS` patterns or `MAX_REGIONS` regions. Names in `listed` (declared
 * properties, compared one by one) belong to no region.
 * @example patternRegions(['^a', '^ab']) // [['^a', '^ab'], ['^a'], []]
 */
export function patternRegions(patterns: string[], listed: string[] = []): string[][] | undefined {
  if (patterns.length > MAX_REGION_PATTERNS) return undefined
  const key = `${patterns.join('\u0000')}\u0001${listed.join('\u0000')}`
  if (REGIONS.has(key)) return REGIONS.get(key)
  if (REGIONS.size > 1_000) REGIONS.clear()
  const regions = computeRegions(patterns, listed)
  REGIONS.set(key, regions)
  return regions
}

const REGIONS = new Map<string, string[][] | undefined>()

function computeRegions(patterns: string[], listed: string[]): string[][] | undefined {
  try {
    const { DFA } = loadRefa()
    const factory = () => new DFA.LimitedNodeFactory(MAX_STATES)
    // Why: listed names are compared one by one with every pattern matching them; a region
    // holding only listed names says nothing about the other keys, so it is left out.
    let unlisted: Dfa | undefined
    if (listed.length > 0) {
      unlisted = DFA.fromWords(
        listed.map((name) => [...name].map((c) => c.codePointAt(0)!)),
        { maxCharacter: 0x10ffff },
        factory(),
      )
      unlisted.complement()
    }
    let regions: { inside: string[]; names: Dfa | undefined }[] = [{ inside: [], names: unlisted }]
    for (const pattern of patterns) {
      const matching = DFA.fromFA(searchLanguage(pattern), factory())
      matching.minimize()
      const missing = DFA.fromFA(matching, factory())
      missing.complement()
      const next: typeof regions = []
      for (const region of regions) {
        const splits: [Dfa, string[]][] = [
          [matching, [...region.inside, pattern]],
          [missing, region.inside],
        ]
        for (const [language, inside] of splits) {
          const names = region.names === undefined ? language : DFA.fromIntersection(region.names, language, factory())
          if (names.isEmpty) continue
          if (region.names !== undefined) names.minimize()
          next.push({ inside, names })
        }
      }
      if (next.length > MAX_REGIONS) return undefined
      regions = next
    }
    return regions.map((r) => r.inside)
  } catch {
    return undefined
  }
}
