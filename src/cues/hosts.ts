/** URLs with a scheme; the host is group 1 (user info and port dropped later). */
const URLS = /\b(?:https?|ftp|wss?|sftp):\/\/(?:[^\s/?#@<>"'`]*@)?([^\s/?#:<>"'`)\]},;]+)/gi
/** E-mail addresses; the domain is group 1. */
const EMAILS = /\b[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})\b/g
/** Bare domains under the top-level domains attackers and documentation use most. */
const BARE_DOMAINS = /(?<![@\w./-])((?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|ai|app|co|xyz|ru|cn|sh|info|biz|site|online|top|cc|tk|ly|gg|me))\b(?![.\w-]*\.\w)/gi
/** IPv4 addresses. */
const IPS = /(?<![\d.])((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?![\d.])/g

/** One place a text sends to: a host, or an e-mail address (with its host). */
export interface Destination {
  /** What a reader finds in the text: `evil.example.org`, `attacker@pwnd.com`. */
  evidence: string
  host: string
}

/**
 * The hosts and e-mail addresses a text names, each once, in the order found.
 * @example destinationsIn('see https://docs.github.com/x or mail a@b.io') // [{ evidence: 'docs.github.com', host: 'docs.github.com' }, { evidence: 'a@b.io', host: 'b.io' }]
 */
export function destinationsIn(text: string): Destination[] {
  const found = new Map<string, Destination>()
  const add = (evidence: string, host: string) => {
    const key = evidence.toLowerCase().replace(/\.+$/, '')
    if (!found.has(key)) found.set(key, { evidence: key, host: host.toLowerCase().replace(/\.$/, '') })
  }
  for (const match of text.matchAll(URLS)) add(match[1], match[1])
  for (const match of text.matchAll(EMAILS)) add(match[0], match[1])
  const named = new Set([...found.values()].map((destination) => destination.host))
  for (const match of text.matchAll(BARE_DOMAINS)) if (!named.has(match[1].toLowerCase()) && ![...named].some((host) => host.endsWith(`.${match[1].toLowerCase()}`))) add(match[1], match[1])
  for (const match of text.matchAll(IPS)) add(match[1], match[1])
  return [...found.values()]
}

/** Second-level labels under which a registry sells names (`co.uk`, `com.au`): the site is one label deeper. */
const SHARED_SECOND_LEVELS = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu'])

/**
 * The site a host belongs to: its last two labels, or three under a shared second level (`bbc.co.uk`).
 * @example siteOf('docs.github.com') // 'github.com'
 */
export function siteOf(host: string): string {
  const labels = host.toLowerCase().split('.').filter(Boolean)
  if (/^[\d.]+$/.test(host)) return host
  const take = labels.length >= 3 && SHARED_SECOND_LEVELS.has(labels[labels.length - 2]) && labels[labels.length - 1].length === 2 ? 3 : 2
  return labels.slice(-take).join('.')
}

/**
 * Hosts reserved for documentation and local use (RFC 2606, RFC 6761): `example.com`, `*.test`,
 * `localhost`, loopback. Why not destinations: nothing can be sent there across the network.
 */
export function isReservedHost(host: string): boolean {
  return /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i.test(host) || /^127\./.test(host) || host === '0.0.0.0'
}
