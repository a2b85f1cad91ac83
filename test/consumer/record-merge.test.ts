import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { withFileLock } from '../../src/consumer/record/contract-file-lock.js'
import { mergeConsumerContracts } from '../../src/consumer/record/merge-consumer-contracts.js'
import { CLI, fixture } from '../support/run-cli-process.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-record-merge-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const contract = (tools: ConsumerContract['tools'], extra: Partial<ConsumerContract> = {}): ConsumerContract => ({ format: 1, consumer: 'agent', tools, prompts: [], resources: [], ...extra })

describe('mergeConsumerContracts', () => {
  test.each([
    {
      title: 'tools of both; examples one per shape, the first file’s first',
      into: contract([{ name: 'a', examples: [{ q: 'x' }], reads: ['total'] }]),
      added: contract([
        { name: 'a', examples: [{ q: 'y' }, { q: 'z', n: 1 }], reads: ['items'] },
        { name: 'b', examples: [{}], reads: [] },
      ]),
      expected: contract([
        { name: 'a', examples: [{ q: 'x' }, { q: 'z', n: 1 }], reads: ['items', 'total'] },
        { name: 'b', examples: [{}], reads: [] },
      ]),
    },
    {
      title: 'examples by state, prompts’ arguments and resources joined',
      into: contract([{ name: 'a', examples: [], given: { s1: [{ q: 'x' }] }, reads: [] }], { prompts: [{ name: 'p', arguments: ['x'] }], resources: [{ uri: 'r://1' }] }),
      added: contract([{ name: 'a', examples: [{ q: 'y' }], given: { s2: [{ n: 1 }] }, reads: [] }], { prompts: [{ name: 'p', arguments: ['y'] }], resources: [{ uri: 'r://2' }] }),
      expected: contract([{ name: 'a', examples: [{ q: 'y' }], given: { s1: [{ q: 'x' }], s2: [{ n: 1 }] }, reads: [] }], { prompts: [{ name: 'p', arguments: ['x', 'y'] }], resources: [{ uri: 'r://1' }, { uri: 'r://2' }] }),
    },
    {
      title: 'recorded from the wire on either side: the merge too (format 2); seen less what is read',
      into: contract([{ name: 'a', examples: [], reads: ['t'], seen: ['u', 'v'] }]),
      added: contract([{ name: 'a', examples: [], reads: ['u'] }], { format: 2, readsObserved: false }),
      expected: contract([{ name: 'a', examples: [], reads: ['t', 'u'], seen: ['v'] }], { format: 2, readsObserved: false }),
    },
    {
      title: 'output slices joined',
      into: contract([{ name: 'a', examples: [], reads: ['x'], output: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } }]),
      added: contract([{ name: 'a', examples: [], reads: ['y'], output: { type: 'object', properties: { y: { type: 'number' } } } }]),
      expected: contract([{ name: 'a', examples: [], reads: ['x', 'y'], output: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'number' } }, required: ['x'] } }]),
    },
  ])('$title', ({ into, added, expected }) => {
    expect(mergeConsumerContracts(into, added)).toEqual(expected)
  })

  test('the cap holds across both', () => {
    const shapes = (keys: string[]) => keys.map((key) => ({ [key]: 1 }))
    const merged = mergeConsumerContracts(contract([{ name: 'a', examples: shapes(['a', 'b', 'c']), reads: [] }]), contract([{ name: 'a', examples: shapes(['d', 'e', 'f']), reads: [] }]), { maxExamples: 4 })
    expect(merged.tools[0].examples).toEqual(shapes(['a', 'b', 'c', 'd']))
  })

  test.each([
    { title: 'another consumer', added: contract([], { consumer: 'other' }) },
    { title: 'another provider', added: contract([], { provider: 'two' }) },
  ])('refuses $title', ({ added }) => {
    expect(() => mergeConsumerContracts(contract([], { provider: 'one' }), added, { source: 'agent.mcp-consumer.json' })).toThrowErrorMatchingSnapshot()
  })
})

describe('withFileLock', () => {
  test('a lock left by a process that exited is stale and taken over', async () => {
    const file = join(dir, 'stale.json')
    await writeFile(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 7, host: (await import('node:os')).hostname(), since: Date.now() }))
    expect(await withFileLock(file, async () => 'ran')).toBe('ran')
  })

  test('a lock folder whose holder exited is taken over; a hold taken over as stale leaves the new holder\'s lock in place when it ends', async () => {
    const file = join(dir, 'folder-stale.json')
    const { hostname } = await import('node:os')
    await mkdir(`${file}.lock`)
    await writeFile(join(`${file}.lock`, '1-dead.holder'), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), since: Date.now() }))
    expect(await withFileLock(file, async () => readdir(`${file}.lock`))).toEqual([expect.stringMatching(new RegExp(`^${process.pid}-.+\\.holder$`))])
    await expect(readdir(`${file}.lock`)).rejects.toThrow(/ENOENT/)
    const order: string[] = []
    await withFileLock(file, async () => {
      order.push('outer holds')
      // Why staleMs -1: the outer hold counts as stale at once, as one held past any hold does.
      await withFileLock(file, async () => order.push(`inner holds ${(await readdir(`${file}.lock`)).length}`), { staleMs: -1 })
    })
    expect(order).toEqual(['outer holds', 'inner holds 1'])
    await expect(readdir(`${file}.lock`)).rejects.toThrow(/ENOENT/)
  })

  test('a lock held by a live process is waited for, then refused naming it', async () => {
    const file = join(dir, 'held.json')
    await writeFile(`${file}.lock`, JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), since: Date.now() }))
    await expect(withFileLock(file, async () => 'ran', { waitMs: 100 })).rejects.toThrow(`${file} is locked by process ${process.pid} on`)
  })
})

/** One consumer process through `record`: calls get_weather with `city`, then disconnects. */
function recordOnce(out: string, city: string, env: Record<string, string>, detached = false): Promise<number | null> {
  const script = `import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
const client = new Client({ name: 'agent', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command: process.execPath, args: ${JSON.stringify([CLI, 'record', '--consumer', 'agent', '--out', out, '--max-examples', '10', '--', process.execPath, fixture('recorded-weather.js')])}, env: { ...process.env }, stderr: 'ignore' }))
await client.callTool({ name: 'get_weather', arguments: { [${JSON.stringify(city)}]: 'x' } })
await client.close()
`
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: fixture('..'), env: { ...process.env, ...env }, stdio: 'inherit', detached })
    child.on('close', resolve)
  })
}

const citiesIn = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as ConsumerContract).tools[0].examples.map((example) => Object.keys(example)[0]).sort()

describe('record: one file, one run', () => {
  test('4 consumer processes recording to one file at once lose nothing', async () => {
    const out = join(dir, 'parallel.mcp-consumer.json')
    const codes = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((city) => recordOnce(out, city, { MCP_CONTRACT_RECORD_RUN: 'parallel' })))
    expect(codes).toEqual([0, 0, 0, 0])
    expect(await citiesIn(out)).toEqual(['c1', 'c2', 'c3', 'c4'])
  })

  test('the same run adds to the file; a later run replaces what an earlier run left', async () => {
    const out = join(dir, 'runs.mcp-consumer.json')
    await recordOnce(out, 'old', { MCP_CONTRACT_RECORD_RUN: 'run 1' })
    await recordOnce(out, 'kept', { MCP_CONTRACT_RECORD_RUN: 'run 2' })
    await recordOnce(out, 'added', { MCP_CONTRACT_RECORD_RUN: 'run 2' })
    expect(await citiesIn(out)).toEqual(['added', 'kept'])
  })

  test('a file an earlier run left that no longer reads as a contract, naming this consumer, is replaced, not refused after the suite', async () => {
    const out = join(dir, 'stale.mcp-consumer.json')
    await writeFile(out, JSON.stringify({ format: 1, consumer: 'agent', tools: 'hand-edited' }))
    expect(await recordOnce(out, 'fresh', { MCP_CONTRACT_RECORD_RUN: 'run 3' })).toBe(0)
    expect(await citiesIn(out)).toEqual(['fresh'])
  })

  test('without MCP_CONTRACT_RECORD_RUN the process group is the run: one group adds, a new group replaces', async () => {
    const out = join(dir, 'groups.mcp-consumer.json')
    const env = { MCP_CONTRACT_RECORD_RUN: '' }
    await recordOnce(out, 'first', env)
    await recordOnce(out, 'second', env)
    expect(await citiesIn(out)).toEqual(['first', 'second'])
    // Why detached: a process of its own group, as the next `npm test` is.
    await recordOnce(out, 'next', env, true)
    expect(await citiesIn(out)).toEqual(['next'])
  })
})
