/**
 * The shapes that flow through mcp-contract:
 * `RawSurface` (what capture read, untouched) → `Surface` (normalized, deterministic, what a
 * contract file stores) → compared by `src/diff`.
 */

import type { Json, Schema } from '../schema/types.js'

// Why: JSON values and schemas are the schema engine's vocabulary; the surface speaks it too.
export type { Json, Schema } from '../schema/types.js'

/** What capture read from a server, before normalization. A list is `undefined` when the server answered method-not-found. */
export interface RawSurface {
  initialize: {
    protocolVersion?: string
    serverInfo?: Record<string, unknown>
    capabilities?: Record<string, unknown>
    instructions?: string
  }
  tools?: Record<string, unknown>[]
  prompts?: Record<string, unknown>[]
  resources?: Record<string, unknown>[]
  resourceTemplates?: Record<string, unknown>[]
}

/** Behaviour hints with the spec defaults resolved: an omitted hint is a promise. */
export interface ToolHints {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** One tool as recorded. */
export interface SurfaceTool {
  name: string
  title?: string
  description?: string
  inputSchema: Schema
  /** Absent when the tool declares no output schema. */
  outputSchema?: Schema
  hints: ToolHints
  taskSupport: 'forbidden' | 'optional' | 'required'
}

/** One prompt argument as recorded. */
export interface SurfacePromptArgument {
  name: string
  title?: string
  description?: string
  required: boolean
}

/** One prompt as recorded. */
export interface SurfacePrompt {
  name: string
  title?: string
  description?: string
  arguments: SurfacePromptArgument[]
}

/** One resource (keyed by `uri`) as recorded. */
export interface SurfaceResource {
  uri: string
  name?: string
  title?: string
  description?: string
  mimeType?: string
  annotations?: { [key: string]: Json }
}

/** One resource template (keyed by `uriTemplate`) as recorded. */
export interface SurfaceResourceTemplate {
  uriTemplate: string
  name?: string
  title?: string
  description?: string
  mimeType?: string
  annotations?: { [key: string]: Json }
}

/** The server's own promise: identity, capabilities, instructions. */
export interface SurfaceServer {
  name?: string
  title?: string
  instructions?: string
  /** Capabilities with `experimental` removed; sub-capability flags kept as booleans/objects. */
  capabilities: { [key: string]: Json }
}

/** The entity kinds a change or a not-recorded place can name. */
export type Entity = 'tool' | 'prompt' | 'resource' | 'resourceTemplate' | 'server'

/** A place normalization or comparison could not judge (external `$ref`, budget exceeded, …). */
export interface NotRecorded {
  entity: Entity
  name: string
  /** Rendered path (`filters.city`), empty for the whole entity. */
  path: string
  reason: string
}

/**
 * The normalized surface: sorted by key, defaults resolved, volatile metadata gone.
 * A list is `undefined` when the server does not offer it (method not found).
 */
export interface Surface {
  server: SurfaceServer
  tools?: SurfaceTool[]
  prompts?: SurfacePrompt[]
  resources?: SurfaceResource[]
  resourceTemplates?: SurfaceResourceTemplate[]
  notRecorded: NotRecorded[]
}
