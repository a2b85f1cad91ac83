/** The reproduction: a real server's description poisoned with an <IMPORTANT> block and a zero-width space. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import '../../setup/vitest.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { writeContract } from '../../src/contract/contract-file.js'
import { createFilesystemRelease } from '../fixtures/servers/filesystem-release.js'
import { cliIn } from '../support/run-cli-in-process.js'

let dir = ''
const cli = cliIn(() => dir)
const server = join(import.meta.dirname, '..', 'fixtures', 'servers', 'filesystem-release.js')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cues-'))
  await writeContract(join(dir, 'mcp-contract.json'), await captureSurface(createFilesystemRelease(false)))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

test('check fails on the poisoned release and names every cue (exit 1)', async () => {
  const run = await cli(['check', '--', process.execPath, server], { POISONED: '1' })
  expect(run.code).toBe(1)
  expect(run.stdout).toMatchSnapshot()
})

test('the clean release still passes', async () => {
  const run = await cli(['check', '--', process.execPath, server])
  expect(run.code).toBe(0)
})

test('toHonorContract fails on the poisoned release with the cues in its message', async () => {
  const failure = await expect(createFilesystemRelease(true)).toHonorContract(join(dir, 'mcp-contract.json')).then(() => undefined, (error: Error) => error.message)
  expect(failure).toBeDefined()
  expect(failure!.replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>')).toMatchSnapshot()
})
