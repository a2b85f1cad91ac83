import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { dirname, join, relative, resolve } from 'node:path'
import { readConsumerContract } from '../consumer/consumer-contract.js'
import { exportPact } from '../pact/export-pact.js'
import { PactError } from '../pact/pact-model.js'
import { publishContracts } from '../pact/publish-contracts.js'
import type { Invocation } from './parse-argv.js'

/** What the pact and publish commands use of the CLI's io (a subset of `CliIo`, so this file does not import run-cli). */
export interface PactIo {
  stdout: (text: string) => void
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * `mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]`: one V4 pact per consumer
 * contract, written atomically; a file already holding the same bytes is left alone.
 */
export async function runPactExport(invocation: Invocation, io: PactIo): Promise<number> {
  const [, ...files] = invocation.files
  // Why all read first: one bad file writes no pact at all.
  const contracts = await Promise.all(files.map((file) => readConsumerContract(resolve(io.cwd, file), file)))
  if (invocation.provider === undefined) {
    throw new PactError("pact export needs --provider NAME: a consumer contract does not record its provider's name, and a pact names both sides (<consumer>-<provider>.json).")
  }
  const out = resolve(io.cwd, invocation.out ?? '.')
  await mkdir(out, { recursive: true })
  for (const contract of contracts) {
    const pact = exportPact(contract, invocation.provider)
    const file = join(out, pact.fileName)
    const before = await readFile(file, 'utf8').catch(() => undefined)
    if (before !== pact.text) await writeAtomically(file, pact.text)
    io.stdout(`${before === pact.text ? 'unchanged' : 'wrote'} ${relative(io.cwd, file) || file}\n`)
  }
  return 0
}

/** `mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V [--branch B]`. */
export async function runPublish(invocation: Invocation, io: PactIo): Promise<number> {
  const published = await publishContracts(invocation.files, io.cwd, {
    to: invocation.to as string,
    consumerVersion: invocation.consumerVersion as string,
    branch: invocation.branch,
    provider: invocation.provider,
    env: io.env,
  })
  for (const entry of published) io.stdout(`published ${entry.file} (${entry.consumer} → ${entry.provider}) to ${entry.stored}\n`)
  return 0
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw new PactError(`${file} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that the folder is writable.`)
  }
}
