import type { CueSource } from '../cue.js'

/** The published examples the rules cite, each once. */
export const SOURCES = {
  invariantExperiments: { title: 'Invariant Labs, mcp-injection-experiments (direct poisoning, shadowing, WhatsApp takeover)', url: 'https://github.com/invariantlabs-ai/mcp-injection-experiments' },
  invariantNotification: { title: 'Invariant Labs, MCP Security Notification: Tool Poisoning Attacks', url: 'https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks' },
  cyberArk: { title: 'CyberArk, Poison everywhere: No output from your MCP server is safe (full-schema poisoning)', url: 'https://www.cyberark.com/resources/threat-research-blog/poison-everywhere-no-output-from-your-mcp-server-is-safe' },
  trailOfBitsLineJumping: { title: 'Trail of Bits, Jumping the line: how MCP servers can attack you before you ever use them', url: 'https://blog.trailofbits.com/2025/04/21/jumping-the-line-how-mcp-servers-can-attack-you-before-you-ever-use-them/' },
  lineJumpingAnsi: { title: 'PolicyLayer glossary, Line jumping (Trail of Bits: conversation history exfiltrated by trigger phrases, instructions hidden with ANSI escapes)', url: 'https://policylayer.com/glossary/line-jumping' },
  unicodeTags: { title: 'Unicode tag smuggling is prompt injection with a byte signature (tags, zero-width, bidi, variation selectors)', url: 'https://www.trackr.live/2026/06/20/unicode-tag-smuggling-prompt-injection-detection/' },
  invisibleCharacters: { title: 'PromptShield, invisible character detection (U+200B–U+200D, U+FEFF, U+E0000–U+E007F)', url: 'https://promptshield.js.org/docs/detectors/invisible-chars' },
  mcpShield: { title: 'MCP-Shield: tool poisoning, exfiltration channels, cross-origin escalations', url: 'https://github.com/riseandignite/mcp-shield' },
  mcpScan: { title: 'Invariant Labs, mcp-scan', url: 'https://github.com/invariantlabs-ai/mcp-scan' },
  contextExfiltrationDemo: { title: 'hijack-agentic-ai demo 2: a weather tool that asks for the complete conversation context and not to mention it', url: 'https://github.com/nmeisenzahl/hijack-agentic-ai/blob/main/demos/demo2-mcp-tool-abuse/README.md' },
  mcpSecBench: { title: 'MCPSecBench: a systematic security benchmark and playground for testing Model Context Protocols', url: 'https://arxiv.org/html/2508.13220v3' },
} satisfies Record<string, CueSource>
