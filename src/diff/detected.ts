import type { Change } from './change.js'

/** A change as detectors emit it: everything but the severity, which the kind decides later. */
export type Detected = Omit<Change, 'severity'>
