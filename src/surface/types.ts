/**
 * The shapes that flow through mcp-contract:
 * `RawSurface` (what capture read, untouched) → `Surface` (normalized, deterministic, what a
 * contract file stores) → compared by `src/diff`.
 */

import type { Json, Schema } from '../schema/types.js'
import type { NumberFormat, VolatileFormat } from './volatile-formats.js'

// Why: JSON values and schemas are the schema engine's vocabulary; the surface speaks it too.
export type { Json, Schema } from '../schema/types.js'

/** A protocol era: the 2025 `initialize` handshake (`legacy`) or the 2026-07-28 `server/discover` one. */
export type Era = 'legacy' | '2026-07-28'

/** The four lists a surface is read from. */
export type ListName = 'tools' | 'prompts' | 'resources' | 'resourceTemplates'

/** Who may share a cached list (2026-07-28 `cacheScope`): every user, or only the one who asked. */
export type CacheScope = 'public' | 'private'

/** What capture read from a server, before normalization. A list is `undefined` when the server answered method-not-found. */
export interface RawSurface {
  /** The era it was read in; absent reads as `legacy`. */
  era?: Era
  /** The wire it was read over (`stdio`, `streamable-http`, `sse`, `in-process`, `client`). */
  transport?: string
  /** The `cacheScope` each list's pages declared (2026 era), as sent. */
  cacheScopes?: Partial<Record<ListName, unknown[]>>
  /** With era `both`: the same server read in the legacy era (this one is the 2026-07-28 read). */
  legacy?: RawSurface
  /** Eras the server refused when capture tried them (it answered the opening with an error). */
  refusedEras?: Era[]
  /** The same server read once per named authorization (`--as NAME`), each with only its own credentials. */
  authorizations?: { [name: string]: RawSurface }
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
  /** From `execution.taskSupport` (2025 era) or the `io.modelcontextprotocol/tasks` extension (2026 era). */
  taskSupport: 'forbidden' | 'optional' | 'required'
  /**
   * Arguments an HTTP client mirrors into a request header (`x-mcp-header`), by argument path
   * (`region`, `filter.city`) → header name. Absent when none, and in contracts recorded before it was.
   */
  headers?: { [argument: string]: string }
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

/** One value recorded as volatile, with the shape it is compared by. */
export interface VolatileValue {
  /** Where it is (`tools.search.inputSchema.properties.since.default`); see `volatile-path.ts`. */
  path: string
  /** Its JSON type: a string, or a number (an `integer` when every value seen was whole). */
  type: 'string' | 'number' | 'integer'
  /**
   * For a string: the token inside it that changes (`date-time`, `date`, `time`, `uuid`, `hex`,
   * `digits`); absent with no `pattern`, the whole string. For a number: `epoch-ms`, `epoch-s` or
   * `increasing`, as it was seen to change (informational: a number is compared by its type).
   */
  format?: VolatileFormat | NumberFormat
  /** For a declared string: a regular expression for the tokens that change; each is masked. */
  pattern?: string
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

/** One place where a server's legacy and 2026-07-28 surfaces differ. */
export interface EraDifference {
  entity: Entity
  name: string
  /** The field that differs (`inputSchema`, `description`, …), or `present` when only one era lists it. */
  field: string
}

/**
 * The normalized surface: sorted by key, defaults resolved, volatile metadata gone.
 * A list is `undefined` when the server does not offer it (method not found).
 */
export interface Surface {
  /** The era(s) it was captured in; absent means the legacy era alone (as every contract recorded before eras). */
  eras?: Era[]
  /** Eras the server refused when it was read: known not spoken, not merely not tried. */
  refusedEras?: Era[]
  /** Each list's `cacheScope` (2026 era); `private` when any page is private. */
  cacheScope?: Partial<Record<ListName, CacheScope>>
  /** With era `both`: where the two eras' surfaces differ (each place once). */
  eraDifferences?: EraDifference[]
  /**
   * The `serverInfo.version` the server reported. Informational metadata, not a promise: it is
   * never itself a change, and the `toMatchMcpContract` snapshot leaves it out; it lets a check
   * say when a breaking change came under a patch or minor release.
   */
  serverVersion?: string
  /**
   * The surface as seen by each named authorization (`--as admin`), by name; the rest of this
   * object is what the unnamed credentials see. Why whole surfaces: list results may vary by
   * authorization, so each is checked against its own record. Absent in contracts recorded without names.
   */
  authorizations?: { [name: string]: Surface }
  /**
   * Values the server changes by itself (a clock default, a dated description, a random id), each
   * compared by its shape: detected by capturing twice, or written by hand. Absent when none, and
   * in contracts recorded before they were.
   */
  volatile?: VolatileValue[]
  server: SurfaceServer
  tools?: SurfaceTool[]
  prompts?: SurfacePrompt[]
  resources?: SurfaceResource[]
  resourceTemplates?: SurfaceResourceTemplate[]
  notRecorded: NotRecorded[]
}
