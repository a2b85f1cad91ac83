import { defineCue } from '../cue.js'
import { SOURCES } from './sources.js'

/** A name quoted (`send_email`, "send_email", 'send_email') or written like an identifier (send_email, sendEmail). */
const NAME = String.raw`[\x60"']?([A-Za-z][\w.-]*)[\x60"']?`
/**
 * Words after a name that make it an argument, not a tool: "instead of the 'head' parameter".
 * Why: a release that lists a tool whose schema carries no names (filesystem 2025.7.29 sent
 * `{"$schema": …}` alone) still documents its arguments this way.
 */
const NOT_A_TOOL = String.raw`(?![\w.-]|[\x60"']?\s+(?:parameters?|arguments?|args?|options?|fields?|flags?|propert(?:y|ies)|keys?|values?|settings?)\b)`
/**
 * A tool named in the text as a tool, or told how to act: "the X tool", "when X is invoked", "instead of X".
 * Why not a bare "use X": servers document their own tools that way, and a listing can lack one
 * (server-everything 2026.8.31 lists get-roots-list only to clients with roots, and its
 * instructions say "Use `get-roots-list` to see client workspace roots").
 */
const REFERENCES = [
  new RegExp(String.raw`\b${NAME}\s+(?:tool|function)\b`, 'gi'),
  new RegExp(String.raw`\bwhen(?:ever)?\s+(?:the\s+)?${NAME}\s+(?:tool\s+)?(?:is|gets)\s+(?:invoked|called|used)`, 'gi'),
  new RegExp(String.raw`\binstead of\s+(?:calling\s+|using\s+)?(?:the\s+)?${NAME}${NOT_A_TOOL}`, 'gi'),
]
/** Other tools or servers as a whole. */
const OTHERS = /\b(?:any|all|every)\s+other\s+(?:mcp\s+)?(?:tools?|servers?|functions?)\b|\b(?:another|other|the other)\s+(?:mcp\s+)?servers?['’]?s?\b|\balso present\b/gi

/** Words that follow "use" or precede "tool" without naming one. */
const NOT_NAMES = new Set(['this', 'that', 'the', 'a', 'an', 'any', 'each', 'every', 'other', 'another', 'same', 'next', 'mcp', 'which', 'its', 'your', 'our', 'their', 'following', 'previous', 'first', 'new', 'it', 'them', 'with', 'when', 'for', 'to', 'of', 'in', 'on', 'and', 'or', 'if', 'only', 'cases', 'case', 'true', 'false', 'null', 'search', 'appropriate', 'relevant', 'correct', 'right', 'separate', 'dedicated', 'specific', 'helper', 'utility', 'multiple', 'these', 'those'])

/** Looks like a tool's name rather than a word: quoted, or written with `_`, `-`, `.` or an inner capital. */
function looksLikeName(whole: string, name: string): boolean {
  // Why not capitals: `API_KEY` and `ATHLETE_ID` are environment variables a server reads, not tools.
  if (/^[A-Z0-9_]+$/.test(name)) return false
  return /[\x60"']/.test(whole) || /[_.-]/.test(name) || /[a-z][A-Z]/.test(name)
}

/** Shadowing: the text redirects a tool that is not the server's own, or every other tool. */
export const shadowing = defineCue({
  id: 'shadowing',
  purpose: "Finds a reference that redirects a tool or server that is not among the server's own (\"when send_email is invoked…\", \"any other tool\").",
  sources: [SOURCES.invariantExperiments, SOURCES.invariantNotification, SOURCES.mcpShield],
  // Why siblings pass: "call `get_me` first" from the server that has get_me is how it documents itself.
  find: ({ plain }, { siblings }) => {
    const own = new Set(siblings.map((name) => name.toLowerCase()))
    const found: string[] = []
    for (const pattern of REFERENCES) {
      for (const match of plain.matchAll(pattern)) {
        const name = match[1].replace(/[.-]+$/, '')
        // Why: `'list_*'` names the server's own tools by a prefix.
        const prefix = plain[(match.index ?? 0) + match[0].length] === '*'
        if (prefix && [...own].some((sibling) => sibling.startsWith(name.toLowerCase()))) continue
        if (NOT_NAMES.has(name.toLowerCase()) || own.has(name.toLowerCase()) || !looksLikeName(match[0], name)) continue
        found.push(name)
      }
    }
    for (const match of plain.matchAll(OTHERS)) found.push(match[0].toLowerCase().replace(/\s+/g, ' '))
    return found
  },
})
