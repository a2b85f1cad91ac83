import type { PathSegment } from './types.js'
import { forEachSubschema, isPlainObject, type SubschemaPlace } from './keywords.js'
import { decodePointerSegment, encodePointerSegment } from './json-pointer.js'

/** A place in a schema that normalization could not judge, with the reason. */
export interface SchemaNotRecorded {
  path: PathSegment[]
  reason: string
}

/** A schema with every local `$ref` inlined, except recursive ones, which point into `defs`. */
export interface ResolvedRefs {
  schema: unknown
  /** Recursive definitions by name; their refs read `#/$defs/<name>` (the root stays `#`). */
  defs: Record<string, unknown>
  notRecorded: SchemaNotRecorded[]
}

interface RefSite {
  /** JSON pointer of the node holding the `$ref`. */
  at: string
  ref: string
  /** Pointer of the target, when it is in this document. */
  target?: string
}

// Why: inlining shared definitions is what makes `inline ≡ $ref`, but a chain of definitions
// each used twice doubles at every step. Past this many nodes every target is kept as a named
// definition instead: still finite, still compared by following refs.
const MAX_INLINED_NODES = 100_000

/**
 * Resolves local `$ref`s (`#/…` pointers, `#anchor`s, `$id`s declared in the document) by
 * inlining them; definitions that refer back to themselves are kept once under `defs`.
 * External references (`http:`, `https:`, `file:`, relative paths) are never fetched or read:
 * they stay in place and are listed in `notRecorded`. `$dynamicRef` is not followed.
 *
 * Cycles are found on JSON pointers (a target is recursive when a `$ref` inside its subtree
 * leads back to it), never on object identity.
 */
// Why: @apidevtools/json-schema-ref-parser is asynchronous (canonicalization runs inside a
// synchronous normalize), dereferences cycles into circular JS objects keyed on identity (we key
// on pointers, and need the definition's name back), and fetches files and URLs unless every
// resolver is switched off. A pointer walker over one in-memory document is smaller than that.
export function resolveLocalRefs(root: unknown): ResolvedRefs {
  const document = new SchemaDocument(root)
  const notRecorded = document.notRecorded
  const recursive = document.recursiveTargets()
  let result = expandDocument(document, recursive, false)
  if (result.size > MAX_INLINED_NODES) result = expandDocument(document, document.allTargets(), true)
  return { schema: result.schema, defs: result.defs, notRecorded }
}

/** An indexed schema document: where each `$ref` sits and what it points to. */
class SchemaDocument {
  readonly refs = new Map<string, RefSite>()
  readonly notRecorded: SchemaNotRecorded[] = []
  private readonly indexed = new Set<string>()
  private readonly ids = new Map<string, string>()
  private readonly anchors = new Map<string, string>()
  private readonly baseUri: string | undefined

  constructor(readonly root: unknown) {
    this.baseUri = isPlainObject(root) && typeof root.$id === 'string' ? absoluteUri(root.$id) : undefined
    this.index(root, '#', this.baseUri)
    // Why: resolving a ref into a place that is not a schema position (a vendor container)
    // indexes that subtree, which may reveal more refs; repeat until nothing new appears.
    let pending = [...this.refs.values()].filter((site) => site.target === undefined)
    while (pending.length > 0) {
      for (const site of pending) this.resolveSite(site)
      pending = [...this.refs.values()].filter((site) => site.target === undefined && !this.resolved.has(site.at))
    }
  }

  private readonly resolved = new Set<string>()

  private index(node: unknown, pointer: string, base: string | undefined): void {
    if (this.indexed.has(pointer) || !isPlainObject(node)) return
    this.indexed.add(pointer)
    let nodeBase = base
    if (typeof node.$id === 'string') {
      const id = node.$id
      if (id.startsWith('#')) this.anchors.set(id.slice(1), pointer)
      else {
        nodeBase = resolveUri(id, base) ?? id
        this.ids.set(stripFragment(nodeBase), pointer)
        this.ids.set(id, pointer)
      }
    }
    if (typeof node.$anchor === 'string') this.anchors.set(node.$anchor, pointer)
    if (typeof node.$ref === 'string') this.refs.set(pointer, { at: pointer, ref: node.$ref })
    forEachSubschema(node, (child, place) => this.index(child, childPointer(pointer, place), nodeBase))
  }

  /** Where each distinct `$ref` text leads (`undefined`: nowhere in this document). */
  private readonly located = new Map<string, string | undefined>()

  private resolveSite(site: RefSite): void {
    this.resolved.add(site.at)
    // Why remembered per text: in 3,000 definitions × 20 references each target is named by 20
    // sites, and locating it (decoding, normalizing, walking the pointer) is the same each time.
    if (!this.located.has(site.ref)) {
      const target = this.locate(site.ref)
      this.located.set(site.ref, target === undefined || valueAtPointer(this.root, target) === NOT_FOUND ? undefined : target)
    }
    const target = this.located.get(site.ref)
    if (target === undefined) return
    site.target = target
    if (!this.indexed.has(target)) this.index(valueAtPointer(this.root, target), target, this.baseUri)
  }

  /** The pointer a `$ref` leads to inside this document, or `undefined` when it leaves it. */
  private locate(ref: string): string | undefined {
    if (ref.startsWith('#')) return this.locateFragment(ref.slice(1), '#')
    const absolute = resolveUri(ref, this.baseUri)
    const documentPointer = this.ids.get(stripFragment(absolute ?? ref)) ?? this.ids.get(stripFragment(ref))
    if (documentPointer === undefined) return undefined
    const hash = ref.indexOf('#')
    return hash < 0 ? documentPointer : this.locateFragment(ref.slice(hash + 1), documentPointer)
  }

  private locateFragment(fragment: string, documentPointer: string): string | undefined {
    let decoded: string
    try {
      decoded = decodeURIComponent(fragment)
    } catch {
      return undefined
    }
    if (decoded === '') return documentPointer
    if (decoded.startsWith('/')) return normalizePointer(documentPointer + decoded)
    return this.anchors.get(decoded)
  }

  /** Why a `$ref` was not resolved, for the not-recorded list. */
  unresolvedReason(site: RefSite): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(site.ref) && !site.ref.startsWith('#')) return `external $ref ${site.ref} is not fetched`
    if (site.ref.startsWith('#')) return `$ref ${site.ref} does not resolve inside the schema`
    return `external $ref ${site.ref} is not read`
  }

  /** Every pointer some resolved `$ref` targets. */
  allTargets(): Set<string> {
    const targets = new Set<string>()
    for (const site of this.refs.values()) if (site.target !== undefined) targets.add(site.target)
    return targets
  }

  /** Targets a `$ref` inside their own subtree leads back to (directly or through others). */
  recursiveTargets(): Set<string> {
    const targets = [...this.allTargets()]
    const edges = new Map<string, Set<string>>(targets.map((t) => [t, new Set<string>()]))
    // Why by prefixes: the targets holding a `$ref` are the pointers above it; looking each up
    // costs the ref's depth, where testing every target against every ref cost targets × refs.
    // Why remembered per pointer: the twenty `$ref`s of one definition share every pointer above
    // their own, so the holders above each pointer are found once.
    const holders = new Map<string, Set<string>[]>()
    const holding = (at: string): Set<string>[] => {
      let list = holders.get(at)
      if (list !== undefined) return list
      const own = edges.get(at)
      const cut = at.lastIndexOf('/')
      const outer = cut < 0 ? [] : holding(at.slice(0, cut))
      list = own === undefined ? outer : [own, ...outer]
      holders.set(at, list)
      return list
    }
    for (const site of this.refs.values()) {
      if (site.target === undefined) continue
      edges.get(site.at)?.add(site.target)
      const cut = site.at.lastIndexOf('/')
      if (cut >= 0) for (const holder of holding(site.at.slice(0, cut))) holder.add(site.target)
    }
    return onCycles(targets, edges)
  }
}

interface Expansion {
  schema: unknown
  defs: Record<string, unknown>
  /** Node count with every inlined copy counted. */
  size: number
}

function expandDocument(document: SchemaDocument, named: Set<string>, hoistAll: boolean): Expansion {
  const names = definitionNames(named)
  const reported = new Set<string>()
  const inlined = new Map<string, { schema: unknown; size: number }>()
  const wanted: string[] = []
  // Why a set beside the queue: 3,000 definitions × 20 references looked each target up in the
  // queue, a scan per reference.
  const queued = new Set<string>()
  const defs: Record<string, unknown> = {}

  const refTo = (target: string): { $ref: string } => {
    if (target === '#') return { $ref: '#' }
    const name = names.get(target)!
    if (!(name in defs) && !queued.has(target)) {
      queued.add(target)
      wanted.push(target)
    }
    return { $ref: `#/$defs/${encodePointerSegment(name)}` }
  }

  const report = (path: PathSegment[], reason: string): void => {
    const key = `${path.join('\u0000')}\u0001${reason}`
    if (reported.has(key)) return
    reported.add(key)
    document.notRecorded.push({ path: [...path], reason })
  }

  const expand = (node: unknown, pointer: string, path: PathSegment[], defining: string | undefined): { schema: unknown; size: number } => {
    if (pointer !== defining && pointer !== '#' && named.has(pointer) && !hoistAll) return { schema: refTo(pointer), size: 1 }
    if (!isPlainObject(node)) return { schema: node, size: 1 }
    const site = document.refs.get(pointer)
    const siblings = expandKeywords(node, pointer, path, (key) => key !== '$ref' || site === undefined)
    if (site === undefined) {
      if (node.$dynamicRef !== undefined) report(path, `$dynamicRef ${String(node.$dynamicRef)} is not followed`)
      return siblings
    }
    if (site.target === undefined) {
      report(path, document.unresolvedReason(site))
      return { schema: { ...(siblings.schema as object), $ref: site.ref }, size: siblings.size }
    }
    let target: { schema: unknown; size: number }
    if (named.has(site.target)) target = { schema: refTo(site.target), size: 1 }
    else {
      const cached = inlined.get(site.target)
      target = cached ?? expand(valueAtPointer(document.root, site.target), site.target, path, undefined)
      inlined.set(site.target, target)
    }
    const rest = siblings.schema as Record<string, unknown>
    if (Object.keys(rest).length === 0) return target
    // Why: keywords beside a `$ref` apply together with its target (2019-09 and later);
    // normalization merges the two when that cannot change their meaning.
    return { schema: { allOf: [target.schema, rest] }, size: target.size + siblings.size }
  }

  const expandKeywords = (
    node: Record<string, unknown>,
    pointer: string,
    path: PathSegment[],
    keep: (key: string) => boolean,
  ): { schema: Record<string, unknown>; size: number } => {
    const out: Record<string, unknown> = {}
    let size = 1
    for (const key of Object.keys(node)) {
      if (!keep(key) || key === '$defs' || key === 'definitions') continue
      const value = node[key]
      // Why: children are written into copies, never into the caller's schema.
      out[key] = Array.isArray(value) ? [...value] : isPlainObject(value) ? { ...value } : value
    }
    forEachSubschema(node, (child, place) => {
      if (place.keyword === '$defs' || place.keyword === 'definitions') return
      const expanded = expand(child, childPointer(pointer, place), childDataPath(path, place), undefined)
      size += expanded.size
      assign(out, place, expanded.schema)
    })
    return { schema: out, size }
  }

  const root = expand(document.root, '#', [], '#')
  let size = root.size
  for (let next = 0; next < wanted.length; next++) {
    const target = wanted[next]
    const name = names.get(target)!
    const body = expand(valueAtPointer(document.root, target), target, [], target)
    defs[name] = body.schema
    size += body.size
  }
  return { schema: root.schema, defs, size }
}

/** Writes an expanded child back at its place in a parent whose containers were already copied. */
function assign(out: Record<string, unknown>, place: SubschemaPlace, value: unknown): void {
  const container = out[place.keyword]
  if (place.index !== undefined) (container as unknown[])[place.index] = value
  else if (place.key !== undefined) (container as Record<string, unknown>)[place.key] = value
  else out[place.keyword] = value
}

function definitionNames(targets: Set<string>): Map<string, string> {
  const names = new Map<string, string>()
  const used = new Set<string>()
  for (const target of [...targets].sort()) {
    if (target === '#') continue
    const segments = target.split('/')
    const base = decodePointerSegment(segments[segments.length - 1] ?? '') || 'definition'
    let name = base
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`
    used.add(name)
    names.set(target, name)
  }
  return names
}

/** The data path below a subschema place: property names, `[]` for items, `[i]` for tuple slots. */
export function childDataPath(path: PathSegment[], place: SubschemaPlace): PathSegment[] {
  if (place.keyword === 'properties' && place.key !== undefined) return [...path, place.key]
  if ((place.keyword === 'items' || place.keyword === 'prefixItems') && place.index !== undefined) return [...path, `[${place.index}]`]
  if (place.keyword === 'items' || place.keyword === 'additionalItems') return [...path, '[]']
  return path
}

function childPointer(pointer: string, place: SubschemaPlace): string {
  let out = `${pointer}/${encodePointerSegment(place.keyword)}`
  if (place.key !== undefined) out += `/${encodePointerSegment(place.key)}`
  if (place.index !== undefined) out += `/${place.index}`
  return out
}

const NOT_FOUND = Symbol('not found')

function valueAtPointer(root: unknown, pointer: string): unknown {
  let node: unknown = root
  for (const segment of pointer.split('/').slice(1).map(decodePointerSegment)) {
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)]
    else if (isPlainObject(node) && Object.hasOwn(node, segment)) node = node[segment]
    else return NOT_FOUND
    if (node === undefined) return NOT_FOUND
  }
  return node
}

function normalizePointer(pointer: string): string {
  return pointer.split('/').map((s, i) => (i === 0 ? s : encodePointerSegment(decodePointerSegment(s)))).join('/')
}

/**
 * The nodes that lie on a cycle: those in a strongly connected component of more than one node,
 * or with an edge to themselves (Tarjan's algorithm, iterative, linear in nodes and edges).
 */
function onCycles(nodes: string[], edges: Map<string, Set<string>>): Set<string> {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out = new Set<string>()
  let counter = 0
  for (const root of nodes) {
    if (index.has(root)) continue
    const work: { node: string; next: Iterator<string> }[] = []
    const enter = (node: string) => {
      index.set(node, counter)
      low.set(node, counter++)
      stack.push(node)
      onStack.add(node)
      work.push({ node, next: (edges.get(node) ?? new Set<string>()).values() })
    }
    enter(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const step = frame.next.next()
      if (!step.done) {
        const to = step.value
        if (!index.has(to)) enter(to)
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      if (component.length > 1 || edges.get(frame.node)?.has(frame.node)) for (const m of component) out.add(m)
    }
  }
  return out
}

function absoluteUri(id: string): string | undefined {
  try {
    return new URL(id).href
  } catch {
    return undefined
  }
}

function resolveUri(ref: string, base: string | undefined): string | undefined {
  try {
    return new URL(ref, base).href
  } catch {
    return undefined
  }
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf('#')
  return hash < 0 ? uri : uri.slice(0, hash)
}
