import { defineCue, matches } from '../cue.js'
import { SOURCES } from './sources.js'

const PATTERNS = [
  /\b(?:do not|don['’]t|never|must not|should not|shouldn['’]t)\s+(?:ever\s+)?(?:tell|mention|inform|notify|alert)\b/gi,
  /\b(?:without|do not|don['’]t|never)\s+(?:telling|informing|notifying|alerting|asking|showing|revealing|disclosing|show|reveal|disclose|ask)\s+(?:it\s+|this\s+|anything\s+)?(?:to\s+)?the\s+user\b/gi,
  /\b(?:hide|conceal|keep)\b[^.\n]{0,30}\bfrom the user\b/gi,
  /\bthe user (?:must|should|need|needs to) not (?:know|see|notice|be told)\b/gi,
  /\b(?:secretly|covertly)\b/gi,
]

/** Concealment: the text asks the agent to keep something from its user. */
export const concealment = defineCue({
  id: 'concealment',
  purpose: 'Finds text that asks the agent to keep something from its user ("do not tell/mention … to the user", "without informing the user").',
  sources: [SOURCES.invariantExperiments, SOURCES.contextExfiltrationDemo, SOURCES.mcpShield],
  find: ({ plain }) => matches(plain, PATTERNS).map((found) => found.toLowerCase()),
})
