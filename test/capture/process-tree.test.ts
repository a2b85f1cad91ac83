import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, test } from 'vitest'
import { descendantsOf, stopFound, type ProcessSource } from '../../src/capture/process-tree.js'
import { isRunning } from './fixture-servers.js'

// A process that starts a child, which starts a grandchild; the grandchild prints all three pids.
const TREE = `
const { spawn } = require('node:child_process')
const depth = Number(process.argv[1] ?? 0)
if (depth < 2) spawn(process.execPath, ['-e', process.env.TREE, String(depth + 1)], { stdio: 'inherit', env: { ...process.env, PIDS: (process.env.PIDS ?? '') + process.pid + ' ' } })
else console.log(process.env.PIDS + process.pid)
setInterval(() => {}, 1 << 30)
`

let started: ChildProcess[] = []

async function startTree(): Promise<{ root: number; child: number; grandchild: number }> {
  const root = spawn(process.execPath, ['-e', TREE, '0'], { env: { ...process.env, TREE }, stdio: ['ignore', 'pipe', 'inherit'] })
  started.push(root)
  const [line] = (await once(root.stdout!, 'data')) as [Buffer]
  const [rootPid, child, grandchild] = line.toString().trim().split(' ').map(Number)
  expect(rootPid).toBe(root.pid)
  return { root: rootPid, child, grandchild }
}

afterEach(async () => {
  for (const root of started) {
    const below = await descendantsOf(root.pid!)
    for (const { pid } of below) isRunning(pid) && process.kill(pid, 'SIGKILL')
    root.kill('SIGKILL')
  }
  started = []
})

describe.runIf(process.platform === 'linux')('descendantsOf', () => {
  test.each<ProcessSource>(['proc', 'ps'])('from %s: the child and the grandchild, each with a start time', async (source) => {
    const { root, child, grandchild } = await startTree()
    const found = await descendantsOf(root, source)
    expect(found.map(({ pid }) => pid).sort()).toEqual([child, grandchild].sort())
    for (const { started } of found) expect(started).toMatch(/\S/)
  })

  test('a process with no children has no descendants', async () => {
    const { grandchild } = await startTree()
    expect(await descendantsOf(grandchild)).toEqual([])
  })

  test('a pid that is not running has no descendants, and nothing throws', async () => {
    expect(await descendantsOf(2 ** 22 + 1)).toEqual([])
    expect(await descendantsOf(2 ** 22 + 1, 'ps')).toEqual([])
  })
})

describe.runIf(process.platform === 'linux')('stopFound', () => {
  test.each<ProcessSource>(['proc', 'ps'])('from %s: stops a process found earlier, and leaves alone a pid that now belongs to another start', async (source) => {
    const { root, child, grandchild } = await startTree()
    const found = await descendantsOf(root, source)
    const recordedChild = found.find(({ pid }) => pid === child)!
    const recordedGrandchild = found.find(({ pid }) => pid === grandchild)!
    await stopFound({ ...recordedChild, started: `${recordedChild.started}-earlier` }, 1_000, source)
    expect(isRunning(child)).toBe(true)
    await stopFound(recordedGrandchild, 1_000, source)
    expect(isRunning(grandchild)).toBe(false)
  })
})
