/** What `clientConfig()` returns: the client config a lock matcher reads, by file or by the known places. */
export interface ClientConfigRef {
  readonly kind: 'mcp-client-config'
  /** One config file, relative to the project root; absent: the known places under it (`.mcp.json`, `.vscode/mcp.json`, …). */
  readonly file?: string
}

/**
 * Names the client config whose servers `toMatchMcpLock` holds to the lock: one file (relative to
 * the project root), or without one every known place under the project root.
 * @example await expect(clientConfig('.mcp.json')).toMatchMcpLock()
 */
export function clientConfig(file?: string): ClientConfigRef {
  return { kind: 'mcp-client-config', ...(file === undefined ? {} : { file }) }
}

/** True for what `clientConfig()` returns. */
export function isClientConfigRef(value: unknown): value is ClientConfigRef {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'mcp-client-config'
}
