/** Query parameters whose values are secrets once a redirect has been used. */
const SECRET_PARAMETERS = ['code', 'state', 'access_token', 'id_token', 'refresh_token']

/**
 * A URL fit to print: the values of `code`, `state` and token parameters replaced by `…`
 * (in the query and the fragment), user name and password removed.
 * @example redactUrl('http://127.0.0.1:8976/callback?code=abc&state=xyz') // 'http://127.0.0.1:8976/callback?code=…&state=…'
 */
export function redactUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return '(a URL that could not be parsed)'
  }
  url.username = ''
  url.password = ''
  // Why by hand: URLSearchParams would percent-encode the ellipsis.
  const redact = (part: string) =>
    part
      .split('&')
      .map((pair) => {
        const name = decodeURIComponent(pair.split('=')[0] ?? '')
        return SECRET_PARAMETERS.includes(name) ? `${pair.split('=')[0]}=…` : pair
      })
      .join('&')
  const query = url.search ? `?${redact(url.search.slice(1))}` : ''
  const hash = url.hash ? `#${url.hash.includes('=') ? redact(url.hash.slice(1)) : url.hash.slice(1)}` : ''
  return `${url.origin}${url.pathname}${query}${hash}`
}
