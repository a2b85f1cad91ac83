import { defineKind, fixed } from '../define-kind.js'

/** An argument that is no longer mirrored into a request header (`x-mcp-header`). */
export const argumentHeaderRemoved = defineKind({
  id: 'argument-header-removed',
  entity: 'tool',
  purpose: 'Detects an argument that is no longer mirrored into a request header (x-mcp-header).',
  severity: fixed('risky'),
  reason: { risky: 'gateways and proxies that route or authorize on the header no longer see it' },
  message: (change) => `no longer mirrored into header ${String(change.before)}`,
  example: '`region` loses `x-mcp-header: Region`',
})
