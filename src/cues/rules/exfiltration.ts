import { defineCue, matches } from '../cue.js'
import { SOURCES } from './sources.js'

const PATTERNS = [
  /\b(?:the\s+)?(?:entire|full|whole|complete)\s+(?:conversation|chat|message history|context|history|session)(?:\s+(?:history|context))?\b/gi,
  /\b(?:conversation|chat|message) history\b/gi,
  /\bsystem prompt\b/gi,
  /\b(?:all\s+)?(?:the\s+)?(?:user['’]s|previous|prior|all(?: the)?)\s+messages\b/gi,
  /\bcontents? of (?:any|all|every) (?:files?|documents?)\b/gi,
  /\b(?:pass|put|send|include|add|append|attach|copy)\b[^.\n]{0,20}?\b(?:its|their|the (?:full|entire|whole))\s+contents?\b/gi,
]

/** Exfiltration: an argument or a sentence that carries the agent's context out. */
export const exfiltration = defineCue({
  id: 'exfiltration',
  purpose: 'Finds text that asks for context to be carried out through an argument: the conversation, the chat history, the system prompt, the contents of files ("pass its content as sidenote").',
  sources: [SOURCES.invariantExperiments, SOURCES.contextExfiltrationDemo, SOURCES.lineJumpingAnsi, SOURCES.cyberArk],
  find: ({ plain }) => matches(plain, PATTERNS).map((found) => found.toLowerCase()),
})
