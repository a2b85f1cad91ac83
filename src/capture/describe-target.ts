import { kindOfValue } from '../surface/kind-of-value.js'
import { isHighLevelServer, recognizeTarget, type InProcessServer } from './target.js'

/**
 * A short label for a target, used in every message about it. Never includes headers, tokens
 * or URL credentials.
 * @example
 * describeTarget({ command: 'node', args: ['server.js'] })  // 'stdio: node server.js'
 * describeTarget({ url: 'http://127.0.0.1:3000/mcp' })       // 'http://127.0.0.1:3000/mcp'
 * describeTarget(new McpServer({ name: 'demo', version: '1' })) // 'in-process McpServer "demo"'
 */
export function describeTarget(target: unknown): string {
  const recognized = recognizeTarget(target)
  switch (recognized?.kind) {
    case 'server':
      return `in-process ${isHighLevelServer(recognized.server) ? 'McpServer' : 'Server'}${quotedName(serverName(recognized.server))}`
    case 'factory':
      return `server factory ${recognized.factory.name === '' ? '(anonymous)' : `${recognized.factory.name}()`}`
    case 'client':
      return `connected Client${serverNameOfClient(recognized.client.getServerVersion())}`
    case 'stdio':
      return `stdio: ${[recognized.stdio.command, ...(recognized.stdio.args ?? [])].map(quoteArgument).join(' ')}`
    case 'http':
      return withoutCredentials(recognized.http.url)
    case 'handler':
      return 'in-process MCP handler'
    case undefined:
      return `unrecognized target (${kindOfValue(target)})`
  }
}

function serverName(server: InProcessServer): string | undefined {
  // Why: the name lives in a private field of the low-level Server in both SDK 1.x and 2.x;
  // reading it is best effort and only ever used for a label.
  const holder = (server as unknown as { server?: object }).server ?? server
  const info = (holder as { _serverInfo?: { name?: unknown } })._serverInfo
  return typeof info?.name === 'string' ? info.name : undefined
}

function serverNameOfClient(serverInfo: unknown): string {
  const name = (serverInfo as { name?: unknown } | undefined)?.name
  return typeof name === 'string' ? ` (server ${quotedName(name).trim()})` : ''
}

function quotedName(name: string | undefined): string {
  return name === undefined ? '' : ` "${name}"`
}

function quoteArgument(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : JSON.stringify(argument)
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.username === '' && parsed.password === '') return url
    parsed.username = '***'
    parsed.password = ''
    return parsed.toString()
  } catch {
    // Why: a URL too broken to parse may still carry `user:password@`; mask it all the same.
    return url.replace(/\/\/[^/?#]*@/, '//***@')
  }
}
