import { parseSurfaceSnapshot } from '../../src/report/parse-surface-snapshot.js'
import { printSurfaceSnapshot } from '../../src/report/surface-serializer.js'
import type { Surface, SurfaceTool } from '../../src/surface/types.js'

/**
 * The surface as snapshots stored before defaults were left out read: every tool lists all four
 * hints and its task support, right after its title and description (tools with hints of their
 * own beyond the four are not printed this way).
 */
export function printedWithEveryHint(surface: Surface): string {
  const tools = [...(surface.tools ?? [])]
  const lines: string[] = []
  let section = ''
  let pending: SurfaceTool | undefined
  for (const line of printSurfaceSnapshot(surface).split('\n')) {
    if (/^ {2}\S/.test(line)) section = line.trim()
    const inTools = section.startsWith('tools (')
    if (pending && !/^ {6}(title|description): /.test(line)) {
      const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = pending.hints
      lines.push(`      hints: readOnlyHint=${readOnlyHint}, destructiveHint=${destructiveHint}, idempotentHint=${idempotentHint}, openWorldHint=${openWorldHint}`)
      lines.push(`      taskSupport: ${JSON.stringify(pending.taskSupport)}`)
      pending = undefined
    }
    if (inTools && /^ {6}(hints|taskSupport): /.test(line)) continue
    if (inTools && /^ {4}tool /.test(line)) pending = tools.shift()
    lines.push(line)
  }
  return lines.join('\n')
}

/**
 * A runner's `.snap` file as an earlier version wrote it: every stored surface printed with every
 * hint listed. Refuses text it would have to unescape (backslashes, backticks), which the
 * surfaces it is given do not hold.
 */
export function snapFileWithEveryHint(snapFile: string): string {
  return snapFile.replace(/(= `\n)(McpSurface \{\n[\s\S]*?\n\})(\n`;)/g, (_match, open: string, text: string, close: string) => {
    if (/[\\`]|\$\{/.test(text)) throw new Error('snapFileWithEveryHint: this surface needs unescaping; use printedWithEveryHint on the surface instead')
    return `${open}${printedWithEveryHint(parseSurfaceSnapshot(text))}${close}`
  })
}
