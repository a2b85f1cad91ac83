import picocolors from 'picocolors'
import type { Severity } from '../diff/change.js'

/** The styles the text report uses; each is the identity when colour is off. */
export interface TextStyles {
  severity: (severity: Severity, text: string) => string
  heading: (text: string) => string
  quiet: (text: string) => string
  verdict: (ok: boolean, text: string) => string
  /** Words a changed text lost: `[-old-]`, struck through in red when coloured. */
  removed: (text: string) => string
  /** Words a changed text gained: `{+new+}`, in green when coloured. */
  added: (text: string) => string
}

/**
 * The text report's styles: ANSI colour when `color` is true, plain text otherwise.
 * @example textStyles(false).heading('tool search') // 'tool search'
 */
export function textStyles(color: boolean): TextStyles {
  const paint = picocolors.createColors(color)
  const bySeverity: Record<Severity, (text: string) => string> = {
    breaking: (text) => paint.bold(paint.red(text)),
    risky: paint.yellow,
    routing: paint.cyan,
    additive: paint.green,
    cosmetic: paint.dim,
  }
  return {
    severity: (severity, text) => bySeverity[severity](text),
    heading: paint.bold,
    quiet: paint.dim,
    verdict: (ok, text) => (ok ? paint.green(text) : paint.bold(paint.red(text))),
    // Why the markers in colour too: git's plain word-diff markers read without colour, and the coloured report says the same words.
    removed: (text) => paint.red(paint.strikethrough(`[-${text}-]`)),
    added: (text) => paint.green(`{+${text}+}`),
  }
}

/**
 * Whether the CLI's text report is coloured: never when `NO_COLOR` is set (non-empty), always
 * when `FORCE_COLOR` is set to anything but `0`/`false`, else only on a terminal whose `TERM` is not `dumb`.
 * Why not picocolors' own detection: it reads the real process at import time, and also colours
 * whenever `CI` is set; the CLI runs against any stdout (a test's buffer, a pipe), and a report
 * piped to a file or another tool must stay plain.
 * @example wantsColor({ FORCE_COLOR: '1' }, false) // true
 */
export function wantsColor(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if (env.NO_COLOR) return false
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '') return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  return isTerminal && env.TERM !== 'dumb'
}
