import type { ChangeKind } from './define-kind.js'
import { argumentHeaderAdded } from './kinds/argument-header-added.js'
import { argumentHeaderRemoved } from './kinds/argument-header-removed.js'
import { argumentHeaderRenamed } from './kinds/argument-header-renamed.js'
import { eraSurfaceDiffers } from './kinds/era-surface-differs.js'
import { hintRelaxed } from './kinds/hint-relaxed.js'
import { consumerCallFailed } from './kinds/consumer-call-failed.js'
import { consumerExampleRejected } from './kinds/consumer-example-rejected.js'
import { consumerOutputInvalid } from './kinds/consumer-output-invalid.js'
import { consumerPactMismatch } from './kinds/consumer-pact-mismatch.js'
import { consumerReadAbsent } from './kinds/consumer-read-absent.js'
import { consumerResourceRefusedBySdk } from './kinds/consumer-resource-refused-by-sdk.js'
import { consumerSeenFieldRemoved } from './kinds/consumer-seen-field-removed.js'
import { consumerUseAdded } from './kinds/consumer-use-added.js'
import { consumerToolTextChanged } from './kinds/consumer-tool-text-changed.js'
import { consumerUseRemoved } from './kinds/consumer-use-removed.js'
import { hintReversed } from './kinds/hint-reversed.js'
import { outputSchemaAdded } from './kinds/output-schema-added.js'
import { outputSchemaRemoved } from './kinds/output-schema-removed.js'
import { promptAdded } from './kinds/prompt-added.js'
import { promptArgumentAdded } from './kinds/prompt-argument-added.js'
import { promptArgumentDescriptionChanged } from './kinds/prompt-argument-description-changed.js'
import { promptArgumentNowOptional } from './kinds/prompt-argument-now-optional.js'
import { promptArgumentNowRequired } from './kinds/prompt-argument-now-required.js'
import { promptArgumentRemoved } from './kinds/prompt-argument-removed.js'
import { promptDescriptionChanged } from './kinds/prompt-description-changed.js'
import { promptRemoved } from './kinds/prompt-removed.js'
import { promptTitleChanged } from './kinds/prompt-title-changed.js'
import { profileViolationFixed } from './kinds/profile-violation-fixed.js'
import { profileViolationIntroduced } from './kinds/profile-violation-introduced.js'
import { resourceAdded } from './kinds/resource-added.js'
import { resourceMetadataChanged } from './kinds/resource-metadata-changed.js'
import { resourceMimeTypeChanged } from './kinds/resource-mime-type-changed.js'
import { resourceRemoved } from './kinds/resource-removed.js'
import { resourceTemplateAdded } from './kinds/resource-template-added.js'
import { resourceTemplateMetadataChanged } from './kinds/resource-template-metadata-changed.js'
import { resourceTemplateMimeTypeChanged } from './kinds/resource-template-mime-type-changed.js'
import { resourceTemplateRemoved } from './kinds/resource-template-removed.js'
import { serverCapabilityAdded } from './kinds/server-capability-added.js'
import { serverCapabilityRemoved } from './kinds/server-capability-removed.js'
import { serverCacheScopeChanged } from './kinds/server-cache-scope-changed.js'
import { serverEraAdded } from './kinds/server-era-added.js'
import { serverEraRemoved } from './kinds/server-era-removed.js'
import { serverIdentityChanged } from './kinds/server-identity-changed.js'
import { serverInstructionsChanged } from './kinds/server-instructions-changed.js'
import { serverTokenBudgetExceeded } from './kinds/server-token-budget-exceeded.js'
import { taskSupportChanged } from './kinds/task-support-changed.js'
import { toolAdded } from './kinds/tool-added.js'
import { toolDescriptionChanged } from './kinds/tool-description-changed.js'
import { toolHiddenFromAuthorization } from './kinds/tool-hidden-from-authorization.js'
import { toolRemoved } from './kinds/tool-removed.js'
import { toolRenamed } from './kinds/tool-renamed.js'
import { toolShownToAuthorization } from './kinds/tool-shown-to-authorization.js'
import { toolTitleChanged } from './kinds/tool-title-changed.js'
import { SCHEMA_KINDS } from './kinds/schema-kinds.js'

/** Kinds about whole entities: tools, prompts, resources, templates, the server. */
const ENTITY_KINDS: ChangeKind[] = [
  argumentHeaderAdded,
  argumentHeaderRemoved,
  argumentHeaderRenamed,
  eraSurfaceDiffers,
  consumerCallFailed,
  consumerExampleRejected,
  consumerOutputInvalid,
  consumerPactMismatch,
  consumerReadAbsent,
  consumerResourceRefusedBySdk,
  consumerSeenFieldRemoved,
  consumerUseAdded,
  consumerToolTextChanged,
  consumerUseRemoved,
  hintRelaxed,
  hintReversed,
  outputSchemaAdded,
  outputSchemaRemoved,
  promptAdded,
  promptArgumentAdded,
  promptArgumentDescriptionChanged,
  promptArgumentNowOptional,
  promptArgumentNowRequired,
  promptArgumentRemoved,
  promptDescriptionChanged,
  promptRemoved,
  promptTitleChanged,
  profileViolationFixed,
  profileViolationIntroduced,
  resourceAdded,
  resourceMetadataChanged,
  resourceMimeTypeChanged,
  resourceRemoved,
  resourceTemplateAdded,
  resourceTemplateMetadataChanged,
  resourceTemplateMimeTypeChanged,
  resourceTemplateRemoved,
  serverCapabilityAdded,
  serverCapabilityRemoved,
  serverCacheScopeChanged,
  serverEraAdded,
  serverEraRemoved,
  serverIdentityChanged,
  serverInstructionsChanged,
  serverTokenBudgetExceeded,
  taskSupportChanged,
  toolAdded,
  toolDescriptionChanged,
  toolHiddenFromAuthorization,
  toolRemoved,
  toolRenamed,
  toolShownToAuthorization,
  toolTitleChanged,
]

/** Every change kind, entity kinds first, then the schema engine's. Ids are unique and permanent. */
export const KINDS: readonly ChangeKind[] = [...ENTITY_KINDS, ...SCHEMA_KINDS]

const BY_ID = new Map(KINDS.map((kind) => [kind.id, kind]))

/** Every change kind id, for checking the ids a policy names. */
export const KIND_IDS: readonly string[] = [...BY_ID.keys()]

/**
 * For each kind that got its own id, the id its changes had before (`output-field-added` →
 * `argument-added`): an `ignore` entry naming the earlier id still matches them.
 */
export const FORMER_IDS: ReadonlyMap<string, string> = new Map(KINDS.flatMap((kind) => (kind.formerly === undefined ? [] : [[kind.id, kind.formerly] as const])))

/** Looks a kind up by id; an unknown id is a programming error. */
export function kindById(id: string): ChangeKind {
  const kind = BY_ID.get(id)
  if (!kind) throw new Error(`mcp-contract: unknown change kind "${id}" (not in src/diff/registry.ts)`)
  return kind
}
