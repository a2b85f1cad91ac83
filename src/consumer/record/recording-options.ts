import type { WireRecordingOptions } from './wire-recording.js'

/** Options of `recordConsumer`, `recordTransport` and `recordTools`: a `WireRecording`'s, reads being observed. */
export type RecordConsumerOptions = Omit<WireRecordingOptions, 'observeReads'>

/**
 * Checks the options handed to `recordConsumer`, `recordTransport` or `recordTools`, naming the function in the
 * message so the fix reads as the user's own line.
 * @throws TypeError saying which option is wrong and how it is written
 * @example checkRecordingOptions('recordTransport', { consumer: '' }) // throws: recordTransport needs the consumer's name…
 */
export function checkRecordingOptions(caller: 'recordConsumer' | 'recordTransport' | 'recordTools', subject: string, options: RecordConsumerOptions | undefined): void {
  if (typeof options?.consumer !== 'string' || options.consumer.trim() === '') {
    throw new TypeError(`${caller} needs the consumer's name: ${caller}(${subject}, { consumer: 'checkout-agent' }).`)
  }
  if (options.given !== undefined && (typeof options.given !== 'string' || options.given.trim() === '')) {
    throw new TypeError(`${caller}'s given names the server's state for these calls, as a non-empty string: ${caller}(${subject}, { consumer: 'checkout-agent', given: 'cart has 2 items' }).`)
  }
  const reads = options.reads as unknown
  const readsOk =
    reads === undefined ||
    (typeof reads === 'object' && reads !== null && !Array.isArray(reads) && Object.values(reads).every((paths) => Array.isArray(paths) && paths.every((path) => typeof path === 'string' && path.trim() !== '')))
  if (!readsOk) {
    throw new TypeError(`${caller}'s reads declares the output fields each tool's result is read for, as field paths by tool name: ${caller}(${subject}, { consumer: 'checkout-agent', reads: { get_weather: ['temperature', 'forecast[].day'] } }).`)
  }
}
