import { readdirSync, readFileSync } from 'node:fs'

/**
 * An environment entry to give the processes a test starts: every process they start inherits it,
 * so {@link processesMarked} finds any of them still running afterwards.
 * @example const mark = orphanMark(); spawn(node, args, { env: { ...process.env, ...mark.env } }); expect(processesMarked(mark)).toEqual([])
 */
export function orphanMark(): { name: string; value: string; env: Record<string, string> } {
  const value = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`
  return { name: 'MCP_CONTRACT_TEST_MARK', value, env: { MCP_CONTRACT_TEST_MARK: value } }
}

/**
 * The running processes (not zombies) whose environment holds `mark`, each with its command line.
 * Linux only (`/proc`); elsewhere empty.
 */
export function processesMarked(mark: { name: string; value: string }): string[] {
  if (process.platform !== 'linux') return []
  const entry = `${mark.name}=${mark.value}`
  const found: string[] = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(entry)) continue
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat[stat.lastIndexOf(')') + 2] === 'Z') continue
      found.push(`${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`)
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found
}
