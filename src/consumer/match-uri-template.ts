/**
 * RFC 6570 URI templates, levels 1–4, read backwards: could some values of the variables expand
 * the template to this URI? MCP servers route `resources/read` through their templates this way.
 *
 * Why our own: the npm libraries that match at all (`uri-templates`' `fromUri`, the SDK's
 * `UriTemplate.match`) accept what no expansion produces — a `/` inside `{path}`, query
 * parameters the template does not name, a value longer than a `{var:3}` prefix — or miss what
 * one does (`{;x}`, `{x,y}` with a variable left out). Expansion is simple enough to invert
 * exactly: each expression becomes a pattern of what it can expand to, with every variable
 * optional (RFC 6570 §3.2.1: an undefined variable is skipped).
 */

/** The expression operators, with what RFC 6570 appendix A gives each: first, sep, named, ifemp, allowed characters. */
const OPERATORS: Record<string, { first: string; sep: string; named: boolean; ifEmpty: string; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifEmpty: '=', reserved: false },
}

const UNRESERVED = 'A-Za-z0-9\\-._~'
const RESERVED = ":/?#\\[\\]@!$&'()*+,;="
const PERCENT = '%[0-9A-Fa-f]{2}'

/** The most expressions, and variables in one expression, a template may have to be matched. */
const MAX_EXPRESSIONS = 32
const MAX_VARIABLES = 16

const compiled = new Map<string, RegExp | null>()

/**
 * True when the template can expand to the URI: `file:///{+path}` matches `file:///a/b.txt`,
 * `file:///{path}` does not (a `/` in a simple value is sent as `%2F`). A template that is not
 * valid RFC 6570 matches only itself.
 * @example matchesUriTemplate('weather://{city}/current{?units}', 'weather://paris/current?units=metric') // true
 */
export function matchesUriTemplate(template: string, uri: string): boolean {
  let pattern = compiled.get(template)
  if (pattern === undefined) compiled.set(template, (pattern = templatePattern(template)))
  return pattern === null ? template === uri : pattern.test(uri)
}

/** The pattern of every expansion of the template; `null` when it is not a valid template. */
function templatePattern(template: string): RegExp | null {
  let source = '^'
  let expressions = 0
  let at = 0
  while (at < template.length) {
    const open = template.indexOf('{', at)
    const literal = template.slice(at, open === -1 ? undefined : open)
    if (literal.includes('}')) return null
    source += escape(literal)
    if (open === -1) break
    const close = template.indexOf('}', open)
    if (close === -1 || ++expressions > MAX_EXPRESSIONS) return null
    const expression = expressionPattern(template.slice(open + 1, close))
    if (expression === null) return null
    source += expression
    at = close + 1
  }
  return new RegExp(`${source}$`, 'u')
}

/** The pattern of one expression (`?q,limit`, `/path*`, `var:3`): empty, or its first character and the defined variables in order. */
function expressionPattern(body: string): string | null {
  const operator = OPERATORS[body[0]] === undefined || body[0] === undefined ? '' : body[0]
  const spec = OPERATORS[operator]
  const list = body.slice(operator.length).split(',')
  if (list.length > MAX_VARIABLES) return null
  const items: string[] = []
  for (const varspec of list) {
    const parsed = /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::([1-9][0-9]{0,3})|(\*))?$/u.exec(varspec)
    if (parsed === null) return null
    items.push(itemPattern(spec, parsed[1], parsed[2] === undefined ? undefined : Number(parsed[2]), parsed[3] === '*'))
  }
  const sep = escape(spec.sep)
  // Why every ordered, non-empty subset: each variable may be undefined, and then it is skipped with its separator.
  const alternatives = items.map((item, index) => item + items.slice(index + 1).map((next) => `(?:${sep}${next})?`).join(''))
  return `(?:${escape(spec.first)}(?:${alternatives.join('|')}))?`
}

/** What one defined variable expands to: a string, a list or an associative array, exploded or not, under a prefix or not. */
function itemPattern(spec: (typeof OPERATORS)[string], name: string, prefix: number | undefined, explode: boolean): string {
  const unit = `(?:[${UNRESERVED}${spec.reserved ? RESERVED : ''}]|${PERCENT})`
  // Why: a list or an associative array is joined with ","; a "," in a value of a simple expression is encoded.
  const value = prefix !== undefined ? `${unit}{0,${prefix}}` : `(?:${unit}|,)*`
  const nonEmpty = prefix !== undefined ? `${unit}{1,${prefix}}` : `(?:${unit}|,)+`
  const key = escape(name)
  if (!spec.named) {
    if (!explode) return value
    // Exploded: list items joined by sep, or key=value pairs joined by sep.
    return `(?:${unit}|${escape(spec.sep)}|=)*`
  }
  // Why two spellings of empty: ";" writes `;name`, "?" and "&" write `name=` (RFC 6570 appendix A, ifemp).
  if (!explode) return spec.ifEmpty === '=' ? `${key}=${value}` : `${key}(?:=${nonEmpty})?`
  // Exploded named: name=value per list item, or key=value per pair, joined by sep.
  const pair = spec.ifEmpty === '=' ? `${unit}+=${unit}*` : `${unit}+(?:=${unit}*)?`
  return `${pair}(?:${escape(spec.sep)}${pair})*`
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
