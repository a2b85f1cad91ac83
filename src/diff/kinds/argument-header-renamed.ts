import { defineKind, fixed } from '../define-kind.js'

/** An argument mirrored into a request header under another name (`x-mcp-header`). */
export const argumentHeaderRenamed = defineKind({
  id: 'argument-header-renamed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an argument mirrored into a request header (x-mcp-header) under a new header name.',
  severity: fixed('risky'),
  reason: { risky: 'gateways and proxies that route or authorize on the old header name no longer see it' },
  message: (change) => `header ${String(change.before)} → ${String(change.after)}`,
  example: '`x-mcp-header: Region` → `x-mcp-header: Mcp-Region`',
})
