import type { CueId, CueRule } from './cue.js'
import { concealment } from './rules/concealment.js'
import { destination } from './rules/destination.js'
import { exfiltration } from './rules/exfiltration.js'
import { hiddenCharacters } from './rules/hidden-characters.js'
import { instruction } from './rules/instruction.js'
import { secret } from './rules/secret.js'
import { shadowing } from './rules/shadowing.js'

/** Every cue rule, in the order of `CUE_IDS`: the one place they are registered. */
export const CUE_RULES: readonly CueRule[] = [instruction, concealment, destination, secret, hiddenCharacters, shadowing, exfiltration]

/** Looks a cue rule up by id. */
export function cueRule(id: CueId): CueRule {
  return CUE_RULES.find((rule) => rule.id === id)!
}
