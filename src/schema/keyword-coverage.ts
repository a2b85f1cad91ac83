import { MAX_REGION_PATTERNS, MAX_REGIONS } from './pattern-regions.js'

/** Where the engine is exact about a keyword that means something only with its neighbours, and where it answers unknown. */
export interface KeywordCoverage {
  keyword: string
  exact: string
  unknown: string
  why: string
}

/**
 * The keywords whose meaning depends on the keywords beside them, as docs/rules.md lists them.
 * Why here: the engine's own limits (`MAX_REGION_PATTERNS`, `MAX_REGIONS`) are read, so the
 * docs cannot drift from them.
 */
export const KEYWORD_COVERAGE: readonly KeywordCoverage[] = [
  {
    keyword: 'patternProperties, additionalProperties',
    exact: 'Same patterns on both sides: each schema is compared on its own. Changed patterns: the names are cut into the regions where each set of patterns applies (intersections and differences of the regular languages), and the schema that applies in every region is compared.',
    unknown: `A pattern regular languages cannot express (a backreference, an unplaceable assertion, too many states), more than ${MAX_REGION_PATTERNS} patterns, or more than ${MAX_REGIONS} regions.`,
    why: 'A name matching two patterns must satisfy both, and a name matching none falls to additionalProperties: coverage depends on every pattern together.',
  },
  {
    keyword: 'unevaluatedProperties, unevaluatedItems',
    exact: 'With nothing composed beside it, or only an allOf whose members compose nothing further (their properties, patterns and tuple slots always apply, so they are spelled beside it), it is read as additionalProperties / items (items: not beside contains); beside additionalProperties / items it covers nothing and is dropped.',
    unknown: 'Beside anyOf, oneOf, if/then/else, dependentSchemas or $ref (or an allOf member that composes): any change to what evaluates (properties, patternProperties, additionalProperties, prefixItems, items, contains, the applicators), or to the keyword itself.',
    why: 'What it constrains is what no neighbour evaluated, and with branches that depends on which branch matched each value.',
  },
  {
    keyword: 'contains, minContains, maxContains',
    exact: 'contains added or removed, the bounds moved, or contains changed with no maxContains on either side (a looser contains accepts more arrays).',
    unknown: 'Never for this reason; a changed contains with a maxContains on either side is incomparable (breaking both ways) unless equal.',
    why: 'Under maxContains a looser contains counts more items and so rejects more arrays, a tighter one accepts more.',
  },
  {
    keyword: 'dependentRequired, dependentSchemas, dependencies, if/then',
    exact: 'Always compared per property; dependentSchemas {a: {required: […]}}, if {required: [a]} / then {required: […]} and both draft-07 dependencies forms are one spelling (dependentRequired) before comparing.',
    unknown: 'A changed if (its then/else then apply to other values).',
    why: 'Equivalent spellings must compare equal; the condition of if decides which values then and else see.',
  },
  {
    keyword: 'prefixItems, items, maxItems; not; properties false',
    exact: 'A tuple closed by maxItems is closed by items: false; trailing slots equal to items are dropped; not: {not: X} is X; properties: {p: false} on a closed object no pattern matches p is dropped.',
    unknown: 'Never for these spellings.',
    why: 'Each pair accepts exactly the same values, so it must compare equal.',
  },
]
