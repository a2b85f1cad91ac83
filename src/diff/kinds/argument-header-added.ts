import { defineKind, fixed } from '../define-kind.js'

/** An argument that HTTP clients must now mirror into a request header (`x-mcp-header`). */
export const argumentHeaderAdded = defineKind({
  id: 'argument-header-added',
  entity: 'tool',
  purpose: 'Detects an argument that is now mirrored into a request header (x-mcp-header) by HTTP clients.',
  severity: fixed('risky'),
  reason: { risky: 'an HTTP client that cannot meet the header constraint drops the tool from its list' },
  message: (change) => `now mirrored into header ${String(change.after)}`,
  example: '`region` gains `x-mcp-header: Region`',
})
