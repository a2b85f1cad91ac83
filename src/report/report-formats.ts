/** The report formats the CLI and the API offer. */
export type ReportFormat = 'text' | 'json' | 'markdown' | 'junit' | 'sarif' | 'github'

/**
 * The report formats, for argument validation.
 * Why a file of its own: the CLI checks `--format` before it starts a server, and must not load
 * the report renderers (and the diff beneath them) to do so.
 */
export const REPORT_FORMATS: readonly ReportFormat[] = ['text', 'json', 'markdown', 'junit', 'sarif', 'github']
