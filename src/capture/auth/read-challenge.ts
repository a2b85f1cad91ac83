import { describeError, LoginError } from './login-error.js'

/** What a server's 401 challenge names: where its protected-resource metadata is, which scope it wants. */
export interface Challenge {
  resourceMetadataUrl?: URL
  scope?: string
}

/**
 * Asks an MCP server once without credentials (an `initialize` POST) and reads its
 * `WWW-Authenticate` challenge. A server that does not answer 401 names nothing, and the SDK
 * then tries the protected-resource metadata's well-known URLs.
 * @throws LoginError when the server cannot be reached
 */
export async function readChallenge(serverUrl: URL): Promise<Challenge> {
  const { extractWWWAuthenticateParams } = await import('@modelcontextprotocol/sdk/client/auth.js')
  let response: Response
  try {
    response = await fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mcp-contract', version: '0' } } }),
    })
  } catch (error) {
    throw new LoginError(`could not reach ${serverUrl.href}: ${describeError(error)}. Is the server running, and is the URL its MCP endpoint?`)
  }
  await response.body?.cancel()
  if (response.status !== 401) return {}
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response)
  return { resourceMetadataUrl, scope }
}
