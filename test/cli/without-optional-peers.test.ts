import { describe, expect, test } from 'vitest'
import { fixture, ROOT, runCliProcess, scrub, type CliRun } from '../support/run-cli-process.js'

/**
 * Runs the built CLI as a project without the optional peers would: Node's resolver is hooked so
 * that `@aws-sdk/client-s3` and `@babel/parser` are not found, exactly as when never installed.
 */
function runWithoutPeers(args: string[]): Promise<CliRun> {
  return runCliProcess(args, { nodeArgs: ['--import', `${ROOT}test/fixtures/without-optional-peers/register.mjs`] })
}

const contract = 'examples/vitest-in-memory/mcp-contract.json'

describe('without the optional peers @aws-sdk/client-s3 and @babel/parser', () => {
  test('commands that need neither run as ever', async () => {
    const run = await runWithoutPeers(['diff', contract, contract])
    expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' })
  })

  test('--used-by says to install @babel/parser', async () => {
    const run = await runWithoutPeers(['diff', contract, contract, '--used-by', 'test/fixtures/consumers'])
    expect(run.code).toBe(2)
    expect(scrub(run.stderr)).toMatchInlineSnapshot(`
      "mcp-contract: --used-by reads the consumer's source with @babel/parser, which is not installed. Install it (npm i -D @babel/parser), or list the names the consumer uses with --used instead.
      "
    `)
  })

  test('an s3:// source says to install @aws-sdk/client-s3', async () => {
    const run = await runWithoutPeers(['verify', '--consumers', 's3://team-contracts/shop', '--', 'node', fixture('catalog.js')])
    expect(run.code).toBe(2)
    expect(scrub(run.stderr)).toMatchInlineSnapshot(`
      "mcp-contract: s3://team-contracts/shop is an S3 bucket, which needs the AWS SDK's S3 client, and @aws-sdk/client-s3 is not installed. Install it (npm i -D @aws-sdk/client-s3), or use a folder or a Pact Broker instead.
      "
    `)
  })
})
