// What the whole-process benches share: a process's wall time and the CPU time of it and every
// process it waited for, read from this process's children's times (Linux: /proc/self/stat;
// CPU reads 0 elsewhere), and the median the benches report.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/** CPU ms used by the finished children of this process and theirs (Linux; 0 elsewhere). */
export function childrenCpuMs() {
  if (!existsSync('/proc/self/stat')) return 0
  const stat = readFileSync('/proc/self/stat', 'utf8')
  // Why after the last ')': the command name in field 2 may itself hold spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

/** Runs `node ...args` to its end: its wall time and the CPU time of it and what it started. */
export function timeNodeProcess(args, env = process.env) {
  const cpuBefore = childrenCpuMs()
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const wall = performance.now() - start
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}`)
  return { wall, cpu: childrenCpuMs() - cpuBefore }
}

/** The median of a list of numbers (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
