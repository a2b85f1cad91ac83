/**
 * Words for a consumer contract whose recorded provider is not the server's name now: the one
 * sentence `toMatchConsumerContract`, `verify` and `toSatisfyConsumerContracts` all say it with.
 */
import { shellWord } from './shell-word.js'
import type { ProviderMismatch } from '../pact/verify-contracts.js'

/**
 * The sentence naming the move: what the server calls itself now, what the file records.
 * @example providerNameMoved({ recorded: 'example-servers/everything', live: 'mcp-servers/everything' }, 'demo.mcp-consumer.json')
 * // 'The server now names itself "mcp-servers/everything"; demo.mcp-consumer.json records "example-servers/everything"'
 */
export function providerNameMoved(mismatch: Pick<ProviderMismatch, 'recorded' | 'live'>, file: string): string {
  return mismatch.live === undefined
    ? `The server no longer names itself; ${file} records it as ${JSON.stringify(mismatch.recorded)}`
    : `The server now names itself ${JSON.stringify(mismatch.live)}; ${file} records ${JSON.stringify(mismatch.recorded)}`
}

/**
 * True when the server is likely the recorded provider under a new name: it serves at least one
 * of the tools, prompts or resources the contract uses. Why one: a server that renamed itself
 * often removed or renamed some of what it served in the same release (server-everything
 * 2026.8.31 kept one of three); another provider's contract in the same folder shares none.
 */
export function likelyRenamed(mismatch: ProviderMismatch): boolean {
  return mismatch.asked === undefined && mismatch.live !== undefined && mismatch.serves.served > 0
}

/**
 * Why a contract for another provider was not verified, and what verifies it: the likely rename
 * with the `--provider` flag (`face: 'cli'`) or the `provider` option (`'matcher'`) that names it.
 * @example providerSkipLine({ recorded: 'a', live: 'b', serves: { served: 1, used: 3 } }, 'x.mcp-consumer.json', 'cli')
 */
export function providerSkipLine(mismatch: ProviderMismatch, file: string, face: 'cli' | 'matcher'): string {
  const flag = face === 'cli' ? `--provider ${shellWord(mismatch.recorded)}` : `{ provider: ${JSON.stringify(mismatch.recorded)} }`
  if (mismatch.asked !== undefined) return `${file} was recorded against provider ${JSON.stringify(mismatch.recorded)}, not ${JSON.stringify(mismatch.asked)}, the provider verified.`
  if (!likelyRenamed(mismatch)) {
    const server = mismatch.live === undefined ? 'this server' : `${JSON.stringify(mismatch.live)}, which serves none of what it uses`
    return `${file} was recorded against provider ${JSON.stringify(mismatch.recorded)}, not ${server}; if it is meant for this server, ${flag} verifies it against it.`
  }
  const { served, used } = mismatch.serves
  return `${providerNameMoved(mismatch, file)}, and the server serves ${served} of the ${used} tools, prompts and resources it uses: was it renamed? ${flag} verifies it against this server.`
}
