/**
 * Token shapes that are secrets whatever field holds them, by the prefix their issuer gives them, as
 * the gitleaks rule set lists them (https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml):
 * GitHub, GitLab, Slack, AWS, Stripe, Google, OpenAI/Anthropic-style `sk-` keys, and JSON Web Tokens.
 */
const TOKEN_SHAPES: { shape: RegExp; what: string }[] = [
  { shape: /\bgh[pousr]_[A-Za-z0-9]{20,}/, what: 'a GitHub token' },
  { shape: /\bgithub_pat_[A-Za-z0-9_]{20,}/, what: 'a GitHub token' },
  { shape: /\bglpat-[A-Za-z0-9_-]{16,}/, what: 'a GitLab token' },
  { shape: /\bxox[abposr]-[A-Za-z0-9-]{10,}/, what: 'a Slack token' },
  { shape: /\bAKIA[0-9A-Z]{16}\b/, what: 'an AWS access key' },
  { shape: /\b[sr]k_live_[A-Za-z0-9]{16,}/, what: 'a Stripe key' },
  { shape: /\bAIza[0-9A-Za-z_-]{35}/, what: 'a Google API key' },
  { shape: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/, what: 'an API key' },
  { shape: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, what: 'a JSON Web Token' },
]

/** Names of env variables and headers that carry credentials. */
const SECRET_NAME = /token|secret|passw(or)?d|api[-_]?key|access[-_]?key|private[-_]?key|credential|auth|cookie|session/i

/**
 * What kind of secret `literal` is, when it is one written inline: a known token shape anywhere, an
 * `Authorization`-style `Bearer`/`Basic`/`token` value, or a random-looking value (16+ characters,
 * letters and digits, no spaces) under a name that says secret. `literal` is the value with its
 * variable references removed, so `Bearer ${API_KEY}` is not one. Placeholders from documentation
 * (`your-api-key`, `<YOUR_TOKEN>`, `value`) are not secrets.
 * @example inlineSecret('Authorization', 'Bearer sk-abc…') // 'an API key'
 */
export function inlineSecret(name: string | undefined, literal: string): string | undefined {
  for (const { shape, what } of TOKEN_SHAPES) if (shape.test(literal)) return what
  const scheme = /^\s*(bearer|basic|token)\s+(\S{8,})\s*$/i.exec(literal)
  if (scheme?.[2] !== undefined && !placeholder(scheme[2])) return `a ${scheme[1]?.toLowerCase() === 'basic' ? 'password' : 'token'}`
  if (name !== undefined && SECRET_NAME.test(name) && randomLooking(literal)) return 'a credential'
  return undefined
}

/** True for a documentation placeholder rather than a value: `<YOUR_TOKEN>`, `your-api-key`, `xxxx`, `changeme`. */
function placeholder(value: string): boolean {
  return /^<.*>$|^\[.*\]$|your|example|placeholder|changeme|^x+$|^\*+$|replace|insert/i.test(value)
}

/** True for a value that looks generated: long, letters and digits mixed, no spaces, not a placeholder. */
function randomLooking(value: string): boolean {
  return value.length >= 16 && !/\s/.test(value) && /[A-Za-z]/.test(value) && /[0-9]/.test(value) && !placeholder(value) && !/^https?:\/\//.test(value)
}
