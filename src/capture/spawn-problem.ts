/**
 * Why a spawn failed, in words: `command not found` rather than Node's `spawn x ENOENT`.
 * Why a module of its own: `record` says the same when its server will not start, and loads
 * nothing else of capture.
 * @example spawnProblem(Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT', syscall: 'spawn x' })) // 'command not found'
 */
export function spawnProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ENOENT') return 'command not found'
  if (code === 'EACCES') return 'permission denied (the file is not executable by this user)'
  return error instanceof Error ? error.message : String(error)
}

/** True when `error` is Node's failure to start a process (its `syscall` is `spawn …`). */
export function isSpawnFailure(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | null)?.syscall
  return typeof syscall === 'string' && syscall.startsWith('spawn')
}
