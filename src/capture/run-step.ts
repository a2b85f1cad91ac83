import type { AdviceFor } from './advice-terms.js'

export type { AdviceFor } from './advice-terms.js'

/** How long one step may wait, the caller's signal to stop waiting altogether, and whose terms a timeout's advice is in (default `api`). */
export interface StepLimits {
  timeoutMs: number
  signal?: AbortSignal
  adviceFor?: AdviceFor
}

/**
 * A step stopped waiting before the server answered: its time ran out, or the caller aborted.
 * Internal; capture turns it into a `CaptureError` that names the server.
 */
export class StepInterrupted extends Error {
  override name = 'StepInterrupted'

  constructor(
    readonly reason: 'timeout' | 'aborted',
    readonly step: string,
    readonly timeoutMs: number,
    cause?: unknown,
    readonly adviceFor: AdviceFor = 'api',
  ) {
    super(reason === 'timeout' ? `gave up waiting for ${step} after ${timeoutMs} ms` : `aborted while waiting for ${step}`, { cause })
  }
}

/**
 * Runs one step (connect, one page of one list, …) under its own deadline and the caller's
 * abort signal. `work` receives a signal that fires when the step is given up, to pass on to
 * the SDK so it stops waiting too.
 *
 * Why our own deadline instead of only the SDK's `timeout` option: it bounds steps the SDK
 * does not time (starting a transport, an async factory), and behaves the same whichever SDK
 * copy or major version the user's `Client` comes from.
 * @example const result = await runStep('tools/list', { timeoutMs: 10_000 }, (signal) => client.request(…, { signal }))
 */
export async function runStep<T>(step: string, limits: StepLimits, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { timeoutMs, signal: callerSignal } = limits
  if (callerSignal?.aborted) throw new StepInterrupted('aborted', step, timeoutMs, callerSignal.reason)
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let onCallerAbort: (() => void) | undefined
  const interrupted = new Promise<never>((_, reject) => {
    const giveUp = (error: StepInterrupted) => {
      // Why reject first: aborting makes the SDK reject `work` at once with its own error, and
      // the race must settle with ours.
      reject(error)
      controller.abort(error)
    }
    timer = setTimeout(() => giveUp(new StepInterrupted('timeout', step, timeoutMs, undefined, limits.adviceFor)), timeoutMs)
    onCallerAbort = () => giveUp(new StepInterrupted('aborted', step, timeoutMs, callerSignal?.reason))
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  })
  try {
    return await Promise.race([work(controller.signal), interrupted])
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason
    // Why: the SDK's own request timer (given the same limit) may fire a hair before ours.
    if (isSdkRequestTimeout(error)) throw new StepInterrupted('timeout', step, timeoutMs, error, limits.adviceFor)
    throw error
  } finally {
    clearTimeout(timer)
    if (onCallerAbort) callerSignal?.removeEventListener('abort', onCallerAbort)
  }
}

function isSdkRequestTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  // -32001 is SDK 1.x's RequestTimeout; SDK 2.x uses a string code.
  return code === -32001 || code === 'REQUEST_TIMEOUT'
}
