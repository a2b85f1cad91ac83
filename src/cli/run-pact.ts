import { join, relative, resolve } from 'node:path'
import { readConsumerContract } from '../consumer/consumer-contract.js'
import { findProjectRoot } from '../contract/project-root.js'
import { folderStore } from '../exchange/contract-store.js'
import { exportPact } from '../pact/export-pact.js'
import { PactError } from '../pact/pact-model.js'
import { publishContracts } from '../exchange/publish-contracts.js'
import type { Invocation } from './parse-argv.js'

/** What the pact and publish commands use of the CLI's io (a subset of `CliIo`, so this file does not import run-cli). */
export interface PactIo {
  stdout: (text: string) => void
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * `mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]`: one V4 pact per consumer
 * contract, naming the provider the contract records unless `--provider` is given, written
 * atomically; a file already holding the same bytes is left alone.
 */
export async function runPactExport(invocation: Invocation, io: PactIo): Promise<number> {
  const [, ...files] = invocation.files
  const { folder } = findProjectRoot(io.cwd, io.cwd)
  // Why all read first: one bad file, or one without a provider, writes no pact at all.
  const contracts = await Promise.all(files.map((file) => readConsumerContract(resolve(folder, file), file)))
  // Why --provider wins: it names the provider when the server's own name is not the one the Broker knows.
  const providers = contracts.map((contract) => invocation.provider ?? contract.provider)
  const nameless = files.find((_, index) => providers[index] === undefined)
  if (nameless !== undefined) {
    throw new PactError(
      `pact export needs --provider NAME: ${nameless} does not record its provider's name (it was recorded before mcp-contract kept the server's name, or the server did not name itself), and a pact names both sides (<consumer>-<provider>.json). Pass --provider, or record the contract again with -u.`,
    )
  }
  const out = resolve(folder, invocation.out ?? '.')
  // Why a folder store: it writes atomically and creates the folder, as publish does.
  const store = folderStore(out, invocation.out ?? '.')
  for (const [index, contract] of contracts.entries()) {
    const pact = exportPact(contract, providers[index] as string)
    const file = join(out, pact.fileName)
    const before = await store.read(pact.fileName)
    if (before !== pact.text) await store.write(pact.fileName, pact.text)
    io.stdout(`${before === pact.text ? 'unchanged' : 'wrote'} ${relative(io.cwd, file) || file}\n`)
  }
  return 0
}

/** `mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V [--branch B]`. */
export async function runPublish(invocation: Invocation, io: PactIo): Promise<number> {
  const published = await publishContracts(invocation.files, findProjectRoot(io.cwd, io.cwd).folder, {
    to: invocation.to as string,
    consumerVersion: invocation.consumerVersion as string,
    branch: invocation.branch,
    provider: invocation.provider,
    env: io.env,
  })
  for (const entry of published) io.stdout(`published ${entry.file} (${entry.consumer} → ${entry.provider}) to ${entry.stored}\n`)
  return 0
}
