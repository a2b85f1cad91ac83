import { CaptureError } from './capture-error.js'
import { DEFAULT_TIMEOUT_MS, type CaptureOptions } from './capture-raw.js'
import { describeTarget } from './describe-target.js'
import type { Era } from './era.js'
import { kindOfValue } from '../surface/kind-of-value.js'
import { openConnection } from './open-connection.js'
import { passthroughResultSchema } from './passthrough-result-schema.js'
import { runStep } from './run-step.js'
import { ACCEPTED_TARGETS, recognizeTarget, type Target } from './target.js'

/** A connection kept open to call tools on, for `verify --call` only. */
export interface ToolCaller {
  /** Calls one tool and returns its result as sent; a JSON-RPC error or a timeout rejects. */
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>
  /** Closes what was opened (never a `Client` the user gave). Never throws. */
  close(): Promise<void>
}

/**
 * Opens a connection to call tools on, in the era the surface was read in. The one place
 * mcp-contract calls a tool; only consumer verification with `call` asks for it, because a
 * consumer contract recorded those calls. Each call waits at most `timeoutMs`.
 * @example const caller = await openToolCaller({ command: 'node', args: ['server.js'] }, { era: 'legacy' })
 */
export async function openToolCaller(target: Target, options: Omit<CaptureOptions, 'era'> & { era?: Era } = {}): Promise<ToolCaller> {
  const limits = { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: options.signal, adviceFor: options.adviceFor }
  const recognized = recognizeTarget(target)
  if (recognized === undefined) {
    throw new CaptureError('bad-target', `Cannot call tools on ${kindOfValue(target)}. Pass ${ACCEPTED_TARGETS}.`, { serverLabel: describeTarget(target) })
  }
  const connection = await openConnection(recognized, limits, options.era ?? 'legacy')
  return {
    callTool: async (name, args) =>
      (await runStep(`tools/call ${name}`, limits, (signal) =>
        connection.client.request({ method: 'tools/call', params: { name, arguments: args } }, passthroughResultSchema, { timeout: limits.timeoutMs, signal }),
      )) as Record<string, unknown>,
    close: () => connection.close(false),
  }
}
