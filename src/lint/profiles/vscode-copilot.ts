import type { Profile } from '../profile-rule.js'
import { toolCountRule } from './host-rule-checks.js'

/** What GitHub Copilot Chat (VS Code, JetBrains) refuses: more than 128 tools in one request. */
export const vscodeCopilot: Profile = {
  name: 'vscode-copilot',
  title: 'GitHub Copilot Chat in VS Code and JetBrains IDEs: tools per request',
  hostClient: { host: 'GitHub Copilot Chat', effect: 'every request fails ("You may not include more than 128 tools in your request") until the user deselects tools' },
  rules: [
    toolCountRule({
      limit: 128,
      severity: 'error',
      message: 'GitHub Copilot Chat refuses a request with more than 128 tools ("You may not include more than 128 tools in your request."; "Cannot have more than 128 tools per request."): this server alone passes it, so every request fails until the user deselects tools.',
      source: {
        title: 'microsoft/vscode-copilot-release #9375 (the error, quoted); #11653 (the check in Copilot Chat\'s code); microsoft/copilot-intellij-feedback #1842 (the same in JetBrains IDEs)',
        url: 'https://github.com/microsoft/vscode-copilot-release/issues/9375',
      },
      fix: 'expose fewer tools: group related operations into one tool with an operation argument, or let users enable groups of tools',
    }),
  ],
}
