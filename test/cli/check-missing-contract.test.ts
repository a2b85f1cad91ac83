import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cliIn } from '../support/run-cli-in-process.js'
import { fixture } from '../support/run-cli-process.js'

// check given a contract that does not exist: a typo beside the real file gets a did-you-mean (as
// the matchers and record give), and the snapshot advice keeps the --contract the user gave.
let dir: string
const catalog = fixture('catalog.js')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-check-missing-'))
  await writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
  await writeFile(join(dir, 'mcp-contract.json'), '{}')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

describe('check with a contract that does not exist', () => {
  test.each([
    { title: 'a typo beside the real file: did you mean, and snapshot --contract as given', contract: 'mcp-contrat.json' },
    { title: 'no file close to it: snapshot --contract as given', contract: 'contracts-v2.json' },
  ])('$title', async ({ contract }) => {
    const run = await cli(['check', '--contract', contract, '--', process.execPath, catalog])
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr.replaceAll(dir, '<dir>')).toMatchSnapshot()
  })
})
