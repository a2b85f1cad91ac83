import type { Profile } from '../profile-rule.js'
import { toolCountRule } from './host-rule-checks.js'

/** What Zed's agent panel sends on: every enabled tool, refused past 128 by OpenAI-compatible providers. */
export const zed: Profile = {
  name: 'zed',
  title: 'Zed agent panel: tools per request',
  hostClient: { host: 'Zed', effect: 'every request to an OpenAI model fails until the user disables servers' },
  rules: [
    toolCountRule({
      limit: 128,
      severity: 'error',
      message: "Zed sends every enabled tool with each request, and OpenAI's API refuses more than 128 (\"Failed to connect to OpenAI API: Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 158 instead.\"): this server alone passes it.",
      source: {
        title: 'zed-industries/zed #32946 (the error, quoted, in Zed\'s agent panel)',
        url: 'https://github.com/zed-industries/zed/issues/32946',
      },
      fix: 'expose fewer tools: group related operations into one tool with an operation argument, or let users enable groups of tools',
    }),
  ],
}
