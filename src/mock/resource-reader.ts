import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { matchesUriTemplate } from '../surface/match-uri-template.js'
import type { SurfaceResource, SurfaceResourceTemplate } from '../surface/types.js'

/** MIME types whose content is text: `text/*`, JSON, XML, YAML, JavaScript and their `+json`/`+xml` kin. */
const TEXT_MIME = /^text\/|[/+](json|xml|yaml|javascript|x-yaml)(;|$)/

/**
 * Answers resources/read for recorded resources and for URIs that match a recorded template
 * (RFC 6570 levels 1–4, matched as `verify` matches them), with content of the recorded MIME type.
 * Anything else gets the SDK's not-found error.
 * Why not the SDK's `UriTemplate`: it is not RFC 6570 (it refuses `weather://paris/current` for
 * `weather://{city}/current{?units}` and serves `x://abcdef` for `x://{var:3}`); the mock and
 * `verify` give one answer, and `verify` reports a read an SDK-built server would refuse.
 */
export class ResourceReader {
  private readonly byUri: Map<string, SurfaceResource>
  private readonly templates: readonly SurfaceResourceTemplate[]

  constructor(resources: readonly SurfaceResource[], templates: readonly SurfaceResourceTemplate[]) {
    this.byUri = new Map(resources.map((resource) => [resource.uri, resource]))
    this.templates = templates
  }

  /** The content of one URI. @throws McpError InvalidParams, as an SDK McpServer does, for an unknown URI */
  read(uri: string): ReadResourceResult {
    const recorded = this.byUri.get(uri) ?? this.templates.find((template) => matchesUriTemplate(template.uriTemplate, uri))
    if (recorded === undefined) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`)
    return { contents: [contentOf(uri, recorded.mimeType)] }
  }
}

function contentOf(uri: string, mimeType: string | undefined): ReadResourceResult['contents'][number] {
  const type = mimeType === undefined ? {} : { mimeType }
  if (mimeType !== undefined && /[/+]json(;|$)/.test(mimeType)) return { uri, ...type, text: JSON.stringify({ uri, mock: true }) }
  const text = `Content of ${uri} (mock)`
  if (mimeType === undefined || TEXT_MIME.test(mimeType)) return { uri, ...type, text }
  // Why: a binary type gets bytes, as a real server sends them; the bytes only need to be deterministic.
  return { uri, ...type, blob: Buffer.from(text).toString('base64') }
}
