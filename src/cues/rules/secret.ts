import { defineCue, matches } from '../cue.js'
import { SOURCES } from './sources.js'

/** Files that hold keys, tokens or the agent's own configuration. */
const PATHS = [
  /~?\/?\.ssh\b[^\s'"`),;]*/gi,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)\b/gi,
  /(?<![\w.-])~?\/?\.env(?:\.[a-z]+)?(?![\w-])/gi,
  /\b[\w.-]*mcp\.json\b/gi,
  /\bclaude_desktop_config\.json\b/gi,
  /\.aws\/credentials\b|\.npmrc\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.docker\/config\.json\b|\.kube\/config\b|\.gnupg\b|\.bash_history\b|\.zsh_history\b/gi,
  /\/etc\/(?:passwd|shadow)\b/gi,
  /\bwallet\.dat\b/gi,
]

/** Credentials written out: GitHub, OpenAI-style, AWS and Slack tokens. */
const TOKENS = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9-]{20,}|AKIA[0-9A-Z]{16}|xox[abpsr]-[A-Za-z0-9-]{10,})\b/g

/** Asking the agent to move credentials; naming an API-key argument is not. */
const ASKS = /\b(?:read|send|include|forward|upload|leak|exfiltrate|collect|extract|dump|copy|share|attach|append)\b[^.\n]{0,40}?\b(?:api[ _-]?keys|access tokens|auth(?:entication)? tokens|secrets|passwords|credentials|private keys?|session (?:cookies|tokens)|environment variables|env vars)\b/gi

/** Secrets: credentials or the files that hold them. */
export const secret = defineCue({
  id: 'secret',
  purpose: 'Finds credentials or sensitive paths: ~/.ssh, id_rsa, .env, mcp.json, cloud and package-manager credentials, tokens written out or asked for.',
  sources: [SOURCES.invariantExperiments, SOURCES.cyberArk, SOURCES.mcpShield, SOURCES.mcpScan],
  // Why plural nouns in ASKS: "the API key to use" documents an argument; "send all API keys" asks for them.
  find: ({ plain }) => matches(plain, [...PATHS, TOKENS, ASKS]),
})
