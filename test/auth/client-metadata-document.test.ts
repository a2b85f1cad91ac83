import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createServer as createHttpsServer, request as httpsRequest, type Server as HttpsServer } from 'node:https'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'
import { useAuthHome } from './auth-home.js'
import { followLikeABrowser, startOidcIssuer, type OidcIssuer } from './oidc-issuer.js'

// A Client ID Metadata Document login against oidc-provider (its clientIdMetadataDocument
// feature): the client_id is an https URL, and the authorization server fetches the document
// there, from a real https server on 127.0.0.1 with a self-signed certificate. No registration.
const TLS = new URL('../fixtures/tls/', import.meta.url)
const cert = readFileSync(new URL('localhost-cert.pem', TLS), 'utf8')
const key = readFileSync(new URL('localhost-key.pem', TLS), 'utf8')
let issuer: OidcIssuer
let documents: HttpsServer
let origin: string
let mcpUrl: string
let clientId: string
let callbackPort: number
const auth = useAuthHome('mcp-contract-cimd-')
/** Every client_id metadata document request the https server answered. */
const fetched: string[] = []

/**
 * The authorization server's outgoing fetch, trusting only the test certificate. Why not its own:
 * oidc-provider guards that fetch against loopback addresses (SSRF), which is where the test's
 * document lives; this fetch is still a real https request with certificate checks.
 */
function fetchTrustingTestCertificate(url: string | URL, options: { method?: string; headers?: Headers }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { method: options.method ?? 'GET', headers: Object.fromEntries(options.headers ?? []), ca: cert }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: res.headers as Record<string, string> })))
    })
    request.on('error', reject)
    request.end()
  })
}

/** A port free right now, for the fixed loopback redirect the document names. */
async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  callbackPort = await freePort()
  documents = createHttpsServer({ key, cert }, (req, res) => {
    fetched.push(req.url ?? '')
    if (req.url !== '/clients/mcp-contract.json') return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: clientId,
        client_name: 'mcp-contract',
        application_type: 'native',
        redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    )
  })
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve))
  clientId = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/clients/mcp-contract.json`
  issuer = await startOidcIssuer({
    configuration: { fetch: fetchTrustingTestCertificate as never },
    features: { registration: { enabled: false }, clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } as never },
  })
  origin = issuer.origin
  mcpUrl = issuer.mcpUrl
})

afterAll(async () => {
  await issuer.close()
  await new Promise<void>((resolve) => documents.close(() => resolve()))
})

describe('a Client ID Metadata Document login against oidc-provider', () => {
  it('the authorization server advertises it, and auth --client-metadata-url logs in with the URL as client_id, no registration', async () => {
    const metadata = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(metadata.client_id_metadata_document_supported).toBe(true)
    expect(metadata.registration_endpoint).toBeUndefined()
    const run = startCli(['auth', '--url', mcpUrl, '--open', 'false', '--port', String(callbackPort), '--client-metadata-url', clientId], auth.home)
    const [, url] = await run.waitForStderr(AUTHORIZATION_URL)
    const authorization = new URL(url as string)
    expect(authorization.searchParams.get('client_id')).toBe(clientId)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    ALL_OUTPUT.push(await (await followLikeABrowser(url as string)).text())
    const done = await run.done
    expect(done, done.stderr).toMatchObject({ code: 0 })
    expect(scrub(done.stdout, auth.home)).toMatchInlineSnapshot(`
      "logged in to http://127.0.0.1:PORT/mcp (authorization server http://127.0.0.1:PORT); the token is cached in <CONFIG>/mcp-contract/tokens/<KEY>.json; it expires in <N> min and is refreshed then
      "
    `)
    // The document was fetched from the https server: the client was never registered.
    expect(fetched).toContain('/clients/mcp-contract.json')
    const [file] = await readdir(join(auth.home, 'mcp-contract', 'tokens'))
    const login = JSON.parse(await readFile(join(auth.home, 'mcp-contract', 'tokens', file as string), 'utf8'))
    expect(login.client.client_id).toBe(clientId)
    const show = await runCliIn(['show', '--url', mcpUrl], auth.home)
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout).toContain('tool ping')
    const everything = ALL_OUTPUT.join('\n')
    for (const secret of [login.tokens.access_token, login.tokens.refresh_token]) expect(everything).not.toContain(secret)
  })
})
