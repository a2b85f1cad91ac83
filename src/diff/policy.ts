import type { Severity } from './change.js'

/** How a check judges and which changes fail it. Applied after detection, never inside it. */
export interface Policy {
  /** The least serious severity that fails the check. Default `risky`. */
  failOn?: Severity
  /** Shorthand for `failOn: 'routing'`: text agents route on must not drift either. */
  strict?: boolean
  /**
   * How to read an object without `additionalProperties: false`:
   * `lenient` — extra keys are tolerated by the server (removing an argument is only risky);
   * `strict` — adding an optional argument to an open object is risky; `default` — the table.
   */
  contentModel?: 'lenient' | 'default' | 'strict'
  /** `assert` (default): `format` constrains values; `annotate`: a `format` change is only risky. */
  format?: 'assert' | 'annotate'
  /** Entity names (globs with `*`) a consumer uses; changes elsewhere are listed but never fail. */
  used?: string[]
  /** Change kind ids to drop entirely. */
  ignore?: string[]
}

/** A policy with every default filled in. */
export interface ResolvedPolicy {
  failOn: Severity
  contentModel: 'lenient' | 'default' | 'strict'
  format: 'assert' | 'annotate'
  used?: string[]
  ignore: string[]
}

/** Fills in the defaults: `failOn: 'risky'`, `strict` ⇒ `failOn: 'routing'`. */
export function resolvePolicy(policy: Policy = {}): ResolvedPolicy {
  return {
    failOn: policy.failOn ?? (policy.strict ? 'routing' : 'risky'),
    contentModel: policy.contentModel ?? 'default',
    format: policy.format ?? 'assert',
    used: policy.used,
    ignore: policy.ignore ?? [],
  }
}
