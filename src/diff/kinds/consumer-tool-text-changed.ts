import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool a consumer calls whose texts (title, description, arguments' texts) moved since the consumer recorded them. */
export const consumerToolTextChanged = defineKind({
  id: 'consumer-tool-text-changed',
  entity: 'tool',
  purpose: "Detects a tool a consumer calls whose texts (title, description, each argument's title, description, default and enum) differ from the digest the consumer recorded.",
  severity: fixed('routing'),
  reason: {
    routing: 'no call breaks, but the agent reads these texts to choose the tool and fill its arguments',
    risky: 'the agent reads these texts as instructions, and they now carry what an attack would say',
    breaking: 'the agent reads these texts as instructions, and they now carry what an attack would say',
  },
  message: (change) =>
    `texts changed since ${String(change.details?.consumer)} recorded them (the recorded digest differs)${change.cues !== undefined && change.cues.length > 0 ? '; the contract keeps no old text, so the cues are read over the whole current text' : ''}`,
  example: '`search_products` gains an `<IMPORTANT>` block telling the agent to read `~/.ssh/id_rsa`',
})
