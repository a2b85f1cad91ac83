import { MAX_USE_SITES, type Found, type SchemaFinding } from './finding.js'
import { canonicalJson } from './keywords.js'
import type { PathSegment } from './types.js'


/**
 * Reports a change inside a subschema used at several places once, at its first place, with
 * the places it is used (`details.useSites`, the first ten) and the definition name when it has one.
 */
export function reportOnce(findings: Found[]): SchemaFinding[] {
  const groups = new Map<string, { first: Found; sites: PathSegment[][] }>()
  const ordered: (Found | { group: string })[] = []
  for (const f of findings) {
    if (f.sites !== undefined) {
      // Why: laid out once already, with its places; grouped by itself.
      const key = `${groups.size}\u0002`
      groups.set(key, { first: f, sites: f.sites })
      ordered.push({ group: key })
      continue
    }
    if (f.origin === undefined) {
      ordered.push(f)
      continue
    }
    const site = f.path.slice(0, f.path.length - f.origin.depth)
    // Why: the same finding inside the same subschema pair, wherever that pair is used.
    const { origin, path, ...rest } = f
    const key = `${origin.id}:${canonicalJson({ ...rest, below: path.slice(site.length) })}`
    const group = groups.get(key)
    if (group === undefined) {
      groups.set(key, { first: f, sites: [site] })
      ordered.push({ group: key })
    } else if (group.sites.length < MAX_USE_SITES && !group.sites.some((s) => s.join('\u0000') === site.join('\u0000'))) group.sites.push(site)
  }
  return ordered.map((entry) => {
    if (!('group' in entry)) return strip(entry)
    const { first, sites } = groups.get(entry.group)!
    const finding = strip(first)
    if (sites.length > 1 || first.origin?.definition !== undefined) {
      finding.details = { ...(finding.details ?? {}), useSites: sites }
      if (first.origin?.definition !== undefined) finding.details.definition = first.origin.definition
    }
    return finding
  })
}

function strip(f: Found): SchemaFinding {
  const { origin: _origin, sites: _sites, ...finding } = f
  return finding
}
