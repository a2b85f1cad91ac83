import { defineKind, fixed } from '../define-kind.js'

/** Detects a resource a consumer reads through a template that RFC 6570 matches and the TypeScript SDK's matcher does not. */
export const consumerResourceRefusedBySdk = defineKind({
  id: 'consumer-resource-refused-by-sdk',
  entity: 'resource',
  purpose:
    "Detects a resource URI a consumer reads that a live resource template can expand to (RFC 6570) but that the TypeScript SDK's template matcher refuses, so a server built on the SDK's McpServer answers it with not found.",
  severity: fixed('risky'),
  reason: { risky: 'the template allows the URI, but a server built on the TypeScript SDK refuses to read it' },
  message: (change) =>
    `${String(change.details?.consumer)} reads this URI through the template ${String(change.details?.template)}; RFC 6570 allows it, but the TypeScript SDK's matcher refuses it, so an McpServer answers "not found"`,
  example: 'a consumer reads `weather://paris/current` through `weather://{city}/current{?units}`',
})
