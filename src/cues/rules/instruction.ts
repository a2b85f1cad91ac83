import { defineCue, matches } from '../cue.js'
import { SOURCES } from './sources.js'

/** Tags that dress text up as a message from the system or the user to the model. */
const TAGS = /<\s*(?:important|system|instructions?|critical|secret|hidden|admin|system[-_ ]?(?:prompt|message|reminder|override)|\|im_start\|)\s*>|\[\s*(?:system|inst|important)\s*\]/gi

/** Sentences addressed to the model rather than describing the tool. */
const PHRASES = [
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|other|original)\s+(?:instructions?|directions|directives|rules|prompts?|guidelines)/gi,
  /\bbefore\s+(?:using|calling|invoking|running|executing)\s+(?:this|the|any)\s+(?:tool|function)\b/gi,
  /\bthis tool has a (?:very |extremely )?important side[- ]effect/gi,
  /\b(?:otherwise|or else)\s+the (?:tool|function|request) will (?:not work|fail)/gi,
  /\bnew instructions?\s*:/gi,
  /\byou are now (?:a|an|in)\b/gi,
  /\bif you are an? (?:ai|llm|language model|assistant|agent)\b/gi,
]

/** An instruction addressed to the model: tags posing as the system, or sentences that tell the agent what to do before or instead of its task. */
export const instruction = defineCue({
  id: 'instruction',
  purpose: 'Finds an instruction addressed to the model: <IMPORTANT>/<SYSTEM> blocks, "before using this tool…", "ignore previous instructions".',
  sources: [SOURCES.invariantExperiments, SOURCES.invariantNotification, SOURCES.trailOfBitsLineJumping, SOURCES.mcpShield],
  // Why only tags and these sentences: "IMPORTANT: paths must be absolute" and "always call
  // get_me first" are how real servers document their tools; the tags and the sentences here are not.
  find: ({ plain }) => matches(plain, [TAGS, ...PHRASES]).map((found) => (found.startsWith('<') || found.startsWith('[') ? found.toUpperCase().replace(/\s+/g, '') : found)),
})
