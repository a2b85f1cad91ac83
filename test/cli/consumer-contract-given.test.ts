import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { fixture } from '../support/run-cli-process.js'
import { REPORTING_CONTRACT } from '../support/record-checkout.js'

// A consumer contract where a provider contract belongs: each command says what the file is and
// what to run with it (verify --consumers), exits 2, and snapshot never records over it.
let dir: string
const given = 'reporting.mcp-consumer.json'
const catalog = fixture('catalog.js')
let original: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-consumer-given-'))
  await writeConsumerContract(join(dir, given), REPORTING_CONTRACT)
  original = await readFile(join(dir, given), 'utf8')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)
const scrub = (text: string) => text.replaceAll(dir, '<dir>')

describe('a consumer contract given to a command that takes a provider contract', () => {
  test.each([
    { command: 'check', args: ['check', '--contract', given, '--', process.execPath, catalog] },
    { command: 'diff', args: ['diff', given, given] },
    { command: 'mock', args: ['mock', '--contract', given] },
    { command: 'snapshot', args: ['snapshot', '--contract', given, '--', process.execPath, catalog] },
    { command: 'snapshot --force', args: ['snapshot', '--force', '--contract', given, '--', process.execPath, catalog] },
  ])('$command: exit 2, names it a consumer contract and says to run verify --consumers; the file is untouched', async ({ args }) => {
    const run = await cli(args)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toContain('verify --consumers')
    expect(run.stderr).not.toMatch(/pass --force|--force to replace|run snapshot again with --force/)
    expect(scrub(run.stderr)).toMatchSnapshot()
    expect(await readFile(join(dir, given), 'utf8')).toBe(original)
  })
})
