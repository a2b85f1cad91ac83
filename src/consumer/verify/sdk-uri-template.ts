import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js'

/**
 * True when a server built on the TypeScript SDK's `McpServer` serves this URI through this
 * resource template: its `resources/read` handler parses the URI with `new URL()` and matches
 * `toString()` of it with the SDK's `UriTemplate.match`
 * (https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/server/mcp.ts,
 * https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/shared/uriTemplate.ts).
 * Why asked beside RFC 6570: that matcher is not RFC 6570. It refuses expansions that leave a
 * query variable out (`weather://paris/current` for `weather://{city}/current{?units}`), so a
 * consumer that reads such a URI fails against an SDK-built server while the RFC says it may read it.
 * @example sdkTemplateServes('weather://{city}/current{?units}', 'weather://paris/current') // false
 */
export function sdkTemplateServes(template: string, uri: string): boolean {
  try {
    return new UriTemplate(template).match(new URL(uri).toString()) !== null
  } catch {
    // Why false: the SDK server throws on a URI `new URL()` refuses, or a template its parser refuses; the read fails.
    return false
  }
}
