import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import type { SurfaceResource, SurfaceResourceTemplate } from '../surface/types.js'

/** MIME types whose content is text: `text/*`, JSON, XML, YAML, JavaScript and their `+json`/`+xml` kin. */
const TEXT_MIME = /^text\/|[/+](json|xml|yaml|javascript|x-yaml)(;|$)/

/**
 * Answers resources/read for recorded resources and for URIs that match a recorded template
 * (RFC 6570, matched by the SDK's own `UriTemplate`), with content of the recorded MIME type.
 * Anything else gets the SDK's not-found error.
 */
export class ResourceReader {
  private readonly byUri: Map<string, SurfaceResource>
  private readonly templates: { template: UriTemplate; recorded: SurfaceResourceTemplate }[]

  constructor(resources: readonly SurfaceResource[], templates: readonly SurfaceResourceTemplate[]) {
    this.byUri = new Map(resources.map((resource) => [resource.uri, resource]))
    this.templates = templates.map((recorded) => ({ template: new UriTemplate(recorded.uriTemplate), recorded }))
  }

  /** The content of one URI. @throws McpError InvalidParams, as an SDK McpServer does, for an unknown URI */
  read(uri: string): ReadResourceResult {
    const recorded = this.byUri.get(uri) ?? this.templates.find(({ template }) => template.match(uri) !== null)?.recorded
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
