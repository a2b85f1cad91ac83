/**
 * An MCP server object that is not connected yet: an SDK 1.x or 2.x `McpServer` (it has
 * `.server` and `.connect`) or a low-level `Server`. Capture connects it in-process over an
 * in-memory transport pair and closes it afterwards.
 */
export interface InProcessServer {
  connect(transport: unknown): Promise<unknown>
  close(): Promise<unknown>
}

/** A function, sync or async, returning a fresh {@link InProcessServer}; called once per capture. */
export type ServerFactory = () => InProcessServer | Promise<InProcessServer>

/**
 * An SDK `Client` that has already completed `initialize`. Capture uses it as is and never
 * closes it.
 */
export interface ConnectedClient {
  request(request: { method: string; params?: Record<string, unknown> }, resultSchema: never, options?: never): Promise<unknown>
  getServerVersion(): unknown
  getServerCapabilities(): unknown
  getInstructions?(): string | undefined
}

/**
 * A server started as a child process and spoken to over stdio. The child inherits this
 * process's environment, with `env` laid over it.
 * @example { command: 'node', args: ['server.js'], env: { LOG_LEVEL: 'warn' } }
 */
export interface StdioTarget {
  command: string
  args?: string[]
  env?: Record<string, string>
  cwd?: string
}

/**
 * A server reached over Streamable HTTP. `bearer` becomes `Authorization: Bearer <token>`.
 * @example { url: 'http://127.0.0.1:3000/mcp', bearer: process.env.MCP_TOKEN }
 */
export interface HttpTarget {
  url: string
  headers?: Record<string, string>
  bearer?: string
  /**
   * Pins the HTTP transport: `streamable-http`, or the deprecated HTTP+SSE (`sse`). Default:
   * Streamable HTTP, and HTTP+SSE when the server answers it with a 4xx.
   */
  transport?: 'streamable-http' | 'sse'
  /**
   * `false`: send only the `headers` and `bearer` given here, never `MCP_CONTRACT_TOKEN` or a
   * login cached by `mcp-contract auth`. Why: a named authorization is exactly its own credentials;
   * one with none reads what an anonymous client sees. Default `true`.
   */
  ambientAuth?: boolean
}

/**
 * An SDK 2.x HTTP handler (`createMcpHandler(factory)`), read in-process through its web-standard
 * `fetch`, with no socket. Capture never closes it: the handler is the user's.
 * @example expect(createMcpHandler(createServer)).toHonorContract()
 */
export interface HandlerTarget {
  fetch(request: Request): Promise<Response>
  close(): Promise<void>
}

/** Everything `captureRaw` can read a surface from. */
export type Target = InProcessServer | ServerFactory | ConnectedClient | StdioTarget | HttpTarget | HandlerTarget

/** A target sorted by how capture reaches it. */
export type RecognizedTarget =
  | { kind: 'server'; server: InProcessServer }
  | { kind: 'factory'; factory: ServerFactory }
  | { kind: 'client'; client: ConnectedClient }
  | { kind: 'stdio'; stdio: StdioTarget }
  | { kind: 'http'; http: HttpTarget }
  | { kind: 'handler'; handler: HandlerTarget }

/** The accepted targets, in words, for error messages. */
export const ACCEPTED_TARGETS =
  'an McpServer or Server that is not connected yet, a function returning one, a connected Client, ' +
  'an SDK 2.x handler from createMcpHandler(factory), { command, args?, env?, cwd? } for a stdio server, ' +
  'or { url, headers?, bearer? } for an HTTP server'

/**
 * Sorts a value into the target kinds capture understands, by shape alone.
 * Why duck typing: the user's SDK may be another copy of 1.x or SDK 2.x, so `instanceof`
 * against our own copy would reject servers that work perfectly well.
 */
export function recognizeTarget(value: unknown): RecognizedTarget | undefined {
  if (typeof value === 'function') return { kind: 'factory', factory: value as ServerFactory }
  if (typeof value !== 'object' || value === null) return undefined
  const candidate = value as Record<string, unknown>
  if (hasMethods(candidate, 'request', 'getServerVersion')) return { kind: 'client', client: value as ConnectedClient }
  if (isInProcessServer(candidate)) return { kind: 'server', server: value as InProcessServer }
  if (typeof candidate.command === 'string') return { kind: 'stdio', stdio: value as StdioTarget }
  if (hasMethods(candidate, 'fetch', 'close') && typeof candidate.url !== 'string') return { kind: 'handler', handler: value as HandlerTarget }
  if (typeof candidate.url === 'string') return { kind: 'http', http: value as HttpTarget }
  return undefined
}

/**
 * True when `captureRaw` accepts the value (by shape; a factory is only called later).
 * @example if (!isCaptureTarget(received)) throw new TypeError(`expected an MCP server target, got ${typeof received}`)
 */
export function isCaptureTarget(value: unknown): boolean {
  return recognizeTarget(value) !== undefined
}

/** True for an `McpServer` (has `.server` with `.connect`) or a low-level `Server`. */
export function isInProcessServer(value: unknown): value is InProcessServer {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  if (!hasMethods(candidate, 'connect', 'close')) return false
  const inner = candidate.server
  if (typeof inner === 'object' && inner !== null && hasMethods(inner as Record<string, unknown>, 'connect')) return true
  return hasMethods(candidate, 'setRequestHandler')
}

/** True for an SDK `McpServer` (the high-level wrapper around a low-level `Server`). */
export function isHighLevelServer(server: InProcessServer): boolean {
  const inner = (server as unknown as { server?: unknown }).server
  return typeof inner === 'object' && inner !== null
}

function hasMethods(value: Record<string, unknown>, ...names: string[]): boolean {
  return names.every((name) => typeof value[name] === 'function')
}
