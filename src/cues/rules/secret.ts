import { defineCue, matches } from '../cue.js'
import { SOURCES } from './sources.js'

/** Files that hold keys, tokens or the agent's own configuration. */
const PATHS = [
  /~?\/?\.ssh\b[^\s'"`),;]*/gi,
  /\bid[_ ](?:rsa|dsa|ecdsa|ed25519)\b/gi,
  /(?<![\w.-])~?\/?\.env(?:\.[a-z]+)?(?![\w-])/gi,
  /\b[\w.-]*mcp\.json\b/gi,
  /\bclaude_desktop_config\.json\b/gi,
  /(?:~\/)?\.(?:aws\/credentials|npmrc|netrc|pgpass|git-credentials|docker\/config\.json|kube\/config|gnupg|bash_history|zsh_history)\b/gi,
  /\/etc\/(?:passwd|shadow)\b/gi,
  /\bwallet\.dat\b/gi,
]

/** Credentials written out: GitHub, OpenAI-style, AWS and Slack tokens. */
const TOKENS = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9-]{20,}|AKIA[0-9A-Z]{16}|xox[abpsr]-[A-Za-z0-9-]{10,})\b/g

/** Asking the agent to move credentials; naming an API-key argument is not. */
const ASKS = /\b(?:read|send|include|forward|upload|leak|exfiltrate|collect|extract|dump|copy|share|attach|append)\b[^.\n]{0,40}?\b(?:api[ _-]?keys|access tokens|auth(?:entication)? tokens|secrets|passwords|credentials|private keys?|session (?:cookies|tokens)|environment variables|env vars)\b/gi

/** Verbs that move a file's content to the agent or out of it. */
const ACCESS = /\b(?:read|reads|reading|open|cat|send|include|pass|upload|attach|copy|forward|share|print|post|exfiltrate|collect|dump|contents? of)\b/i

/** Sentences: a path's own dots are not followed by a space. */
const SENTENCES = /(?<=[.!?])\s+|\n+/

/** The paths a one-word value names: as written, else with `_` and `-` read as spaces (`content_from_reading_ssh_id_rsa`). */
function valueMatches(value: string): string[] {
  const written = matches(value, PATHS)
  return written.length > 0 ? written : matches(value.replace(/[_-]+/g, ' '), PATHS)
}

/** Secrets: credentials or the files that hold them. */
export const secret = defineCue({
  id: 'secret',
  purpose: 'Finds credentials or sensitive paths: ~/.ssh, id_rsa, .env, mcp.json, cloud and package-manager credentials, in a sentence that reads or sends them; tokens written out; credentials asked for.',
  sources: [SOURCES.invariantExperiments, SOURCES.cyberArk, SOURCES.mcpShield, SOURCES.mcpScan],
  // Why a path only beside a verb that moves it: "will use API_KEY from .env if not provided" and
  // "see ~/.ssh/config for host aliases" document a server; "read ~/.ssh/id_rsa and pass it" does not.
  // Why plural nouns in ASKS: "the API key to use" documents an argument; "send all API keys" asks for them.
  // Why a value of one word on its own: a default, an enum value or an argument name is not prose;
  // `~/.ssh/id_rsa` as a default, or `content_from_reading_ssh_id_rsa` as a name, is the request itself.
  find: ({ plain }) => [
    ...(/^\S+$/.test(plain.trim()) ? valueMatches(plain.trim()) : []),
    ...plain.split(SENTENCES).filter((sentence) => ACCESS.test(sentence)).flatMap((sentence) => matches(sentence, PATHS)),
    ...matches(plain, [TOKENS, ASKS]),
  ],
})
