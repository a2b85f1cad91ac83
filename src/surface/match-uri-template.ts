/**
 * RFC 6570 URI templates, levels 1–4, read backwards: could some values of the variables expand
 * the template to this URI? MCP servers route `resources/read` through their templates this way.
 *
 * Why our own: the npm libraries that match at all (`uri-templates`' `fromUri`, the SDK's
 * `UriTemplate.match`) accept what no expansion produces — a `/` inside `{path}`, query
 * parameters the template does not name, a value longer than a `{var:3}` prefix — or miss what
 * one does (`{;x}`, `{x,y}` with a variable left out). Expansion is simple enough to invert
 * exactly: each expression becomes an automaton of what it can expand to, with every variable
 * optional (RFC 6570 §3.2.1: an undefined variable is skipped).
 * Why an automaton, not a RegExp: `{a}{b}{c}{d}` as a backtracking pattern takes time to the
 * fourth power of the URI's length on a URI it does not match; the set of states is run over
 * the URI once, in time linear in its length.
 */

/** The expression operators, with what RFC 6570 appendix A gives each: first, sep, named, ifemp, allowed characters. */
const OPERATORS: Record<string, Operator> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
}

interface Operator {
  first: string
  sep: string
  named: boolean
  ifEmpty: string
  reserved: boolean
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/
const RESERVED = /^[:/?#[\]@!$&'()*+,;=]$/
const HEX = /^[0-9A-Fa-f]$/
const VARSPEC = /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::([1-9][0-9]{0,3})|(\*))?$/

/** The most expressions a template, variables an expression, and states its automaton may have to be matched; past them it matches only itself. */
const MAX_EXPRESSIONS = 32
const MAX_VARIABLES = 16
const MAX_STATES = 200_000

/** A nondeterministic automaton: per state, its edges; an edge without `test` is taken without reading. */
type Edge = { to: number; test?: (char: string) => boolean }
interface Automaton {
  edges: Edge[][]
  start: number
  end: number
}

const compiled = new Map<string, Automaton | null>()

/**
 * True when the template can expand to the URI: `file:///{+path}` matches `file:///a/b.txt`,
 * `file:///{path}` does not (a `/` in a simple value is sent as `%2F`). A template that is not
 * valid RFC 6570, or too large to match (over 32 expressions, 16 variables in one, 200,000 states), matches only itself.
 * @example matchesUriTemplate('weather://{city}/current{?units}', 'weather://paris/current?units=metric') // true
 */
export function matchesUriTemplate(template: string, uri: string): boolean {
  let automaton = compiled.get(template)
  if (automaton === undefined) compiled.set(template, (automaton = templateAutomaton(template)))
  return automaton === null ? template === uri : accepts(automaton, uri)
}

/** Runs the automaton over the text once, keeping the set of states it can be in. */
function accepts(automaton: Automaton, text: string): boolean {
  let current = closure(automaton, [automaton.start])
  for (const char of text) {
    const next: number[] = []
    for (const state of current) for (const edge of automaton.edges[state]) if (edge.test?.(char)) next.push(edge.to)
    if (next.length === 0) return false
    current = closure(automaton, next)
  }
  return current.includes(automaton.end)
}

/** The states reachable from these without reading a character. */
function closure(automaton: Automaton, states: number[]): number[] {
  const seen = new Set(states)
  const stack = [...states]
  while (stack.length > 0) {
    for (const edge of automaton.edges[stack.pop()!]) {
      if (edge.test === undefined && !seen.has(edge.to)) {
        seen.add(edge.to)
        stack.push(edge.to)
      }
    }
  }
  return [...seen]
}

/** A part of an automaton under construction: enter at `start`, leave at `end`. */
type Fragment = { start: number; end: number }
/** Builds a fresh fragment each call (a fragment is used once; repeats need copies). */
type Make = () => Fragment

/** Builds the automaton of every expansion of the template; `null` when it is not a valid template. */
function templateAutomaton(template: string): Automaton | null {
  const edges: Edge[][] = []
  const tooLarge = new Error('too many states')
  // Why a bound: prefixes of 9,999 characters in 32 expressions would build millions of states.
  const state = () => {
    if (edges.length >= MAX_STATES) throw tooLarge
    return edges.push([]) - 1
  }
  const link = (from: number, to: number, test?: (char: string) => boolean) => void edges[from].push(test === undefined ? { to } : { to, test })
  const empty: Make = () => {
    const at = state()
    return { start: at, end: at }
  }
  const char = (test: (char: string) => boolean): Make => () => {
    const start = state()
    const end = state()
    link(start, end, test)
    return { start, end }
  }
  const seq = (...makes: Make[]): Make => () => {
    const parts = makes.map((make) => make())
    if (parts.length === 0) return empty()
    for (let i = 1; i < parts.length; i++) link(parts[i - 1].end, parts[i].start)
    return { start: parts[0].start, end: parts[parts.length - 1].end }
  }
  const alt = (...makes: Make[]): Make => () => {
    const start = state()
    const end = state()
    for (const make of makes) {
      const part = make()
      link(start, part.start)
      link(part.end, end)
    }
    return { start, end }
  }
  const optional = (make: Make): Make => alt(make, empty)
  const star = (make: Make): Make => () => {
    const start = state()
    const part = make()
    link(start, part.start)
    link(part.end, start)
    return { start, end: start }
  }
  const plus = (make: Make): Make => seq(make, star(make))
  // Why a chain with exits, not nested optionals: a prefix may be 9,999 characters long.
  const upTo = (make: Make, max: number): Make => () => {
    const start = state()
    const end = state()
    let at = start
    for (let i = 0; i < max; i++) {
      link(at, end)
      const part = make()
      link(at, part.start)
      at = part.end
    }
    link(at, end)
    return { start, end }
  }
  const literal = (text: string): Make => seq(...[...text].map((c) => char((read) => read === c)))

  // One character a value may hold: allowed as is, or percent-encoded.
  const unit = (reserved: boolean): Make =>
    alt(
      char((c) => UNRESERVED.test(c) || (reserved && RESERVED.test(c))),
      seq(literal('%'), char((c) => HEX.test(c)), char((c) => HEX.test(c))),
    )

  const item = (operator: Operator, name: string, prefix: number | undefined, explode: boolean): Make => {
    const one = unit(operator.reserved)
    // Why "," besides the allowed characters: a list or an associative array is joined with ","; a "," in a value of a simple expression is encoded.
    const value = prefix !== undefined ? upTo(one, prefix) : star(alt(one, literal(',')))
    const nonEmpty = prefix !== undefined ? seq(one, upTo(one, prefix - 1)) : plus(alt(one, literal(',')))
    const sep = literal(operator.sep)
    if (!operator.named) return explode ? star(alt(one, sep, literal('='))) : value
    // Why two spellings of empty: ";" writes `;name`, "?" and "&" write `name=` (RFC 6570 appendix A, ifemp).
    if (!explode) return operator.ifEmpty === '=' ? seq(literal(name), literal('='), value) : seq(literal(name), optional(seq(literal('='), nonEmpty)))
    // Exploded named: name=value per list item, or key=value per pair, joined by sep.
    const pair = operator.ifEmpty === '=' ? seq(plus(one), literal('='), star(one)) : seq(plus(one), optional(seq(literal('='), star(one))))
    return seq(pair, star(seq(sep, pair)))
  }

  const expression = (body: string): Make | null => {
    const operator = body.length > 0 && Object.hasOwn(OPERATORS, body[0]) ? body[0] : ''
    const spec = OPERATORS[operator]
    const list = body.slice(operator.length).split(',')
    if (list.length > MAX_VARIABLES) return null
    const items: Make[] = []
    for (const varspec of list) {
      const parsed = VARSPEC.exec(varspec)
      if (parsed === null) return null
      items.push(item(spec, parsed[1], parsed[2] === undefined ? undefined : Number(parsed[2]), parsed[3] === '*'))
    }
    // Why every ordered, non-empty subset: each variable may be undefined, and then it is skipped
    // with its separator. Two states per variable: before it with nothing written yet (the next
    // defined one follows `first`), and before it with something written (it follows `sep`).
    return () => {
      const before = items.map(() => state())
      const after = [...items.map(() => state()), state()]
      const first = literal(spec.first)()
      const start = state()
      const end = after[items.length]
      link(start, end)
      link(start, first.start)
      link(first.end, before[0])
      items.forEach((make, i) => {
        const lead = make()
        link(before[i], lead.start)
        link(lead.end, after[i + 1])
        if (i + 1 < items.length) link(before[i], before[i + 1])
        const next = seq(literal(spec.sep), make)()
        link(after[i], next.start)
        link(next.end, after[i + 1])
        link(after[i], after[i + 1])
      })
      return { start, end }
    }
  }

  const parts: Make[] = []
  let expressions = 0
  let at = 0
  while (at < template.length) {
    const open = template.indexOf('{', at)
    const text = template.slice(at, open === -1 ? undefined : open)
    if (text.includes('}')) return null
    parts.push(literal(text))
    if (open === -1) break
    const close = template.indexOf('}', open)
    if (close === -1 || ++expressions > MAX_EXPRESSIONS) return null
    const made = expression(template.slice(open + 1, close))
    if (made === null) return null
    parts.push(made)
    at = close + 1
  }
  try {
    const whole = seq(...parts)()
    return { edges, start: whole.start, end: whole.end }
  } catch (error) {
    if (error === tooLarge) return null
    throw error
  }
}
