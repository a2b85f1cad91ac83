import type { Profile } from '../profile-rule.js'
import { sharedSpecRules } from './mcp-spec-rules.js'

/**
 * What the MCP specification of 2026-07-28 requires. Why no output-root rule: SEP-2106 lets an
 * outputSchema have any root and structuredContent be any JSON value; the input root stays an object.
 */
export const mcp20260728: Profile = {
  name: 'mcp-2026-07-28',
  title: 'MCP specification 2026-07-28 (outputSchema may have any root, SEP-2106)',
  rules: sharedSpecRules('2026-07-28'),
}
