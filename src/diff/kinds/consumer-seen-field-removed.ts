import { defineKind, fixed } from '../define-kind.js'

/** Detects an output field a consumer's framework handed whole to the model that the live output schema no longer declares. */
export const consumerSeenFieldRemoved = defineKind({
  id: 'consumer-seen-field-removed',
  entity: 'tool',
  purpose: "Detects an output field that a consumer's framework serialised whole for the model, and the consumer's own code never read, that the live output schema no longer declares.",
  severity: fixed('risky'),
  reason: { risky: 'the model saw this field in every answer; whether the agent relies on it is unknown' },
  message: (change) => `${String(change.details?.consumer)} handed this field to the model with the whole output (its code never read it), and the server no longer declares it`,
  example: '`get_weather` drops `humidity`, which LangChain serialised for the model while the agent read only `temperature`',
})
