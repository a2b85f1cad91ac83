import { access, constants, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { assertSameConsumer, ConsumerContractError } from './consumer-contract-format.js'

/**
 * Checks before recording that `file` can be written: its folder exists and is writable, and an
 * existing file is a consumer contract of `consumer`.
 * @throws ConsumerContractError saying what is wrong and what to do
 */
export async function checkRecordTarget(file: string, consumer: string): Promise<void> {
  try {
    await access(dirname(file), constants.W_OK)
  } catch (error) {
    throw new ConsumerContractError(`${file} cannot be written: its folder ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'is not writable'}. Create the folder or choose another --out.`)
  }
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new ConsumerContractError(`${file} could not be read (${error.code ?? error.message}); record writes nothing over a file it cannot read. Choose another --out.`)
  })
  if (text === undefined) return
  // Why JSON alone here: the whole file is validated when it is merged; Ajv would delay the server's start.
  let held: unknown
  try {
    held = (JSON.parse(text) as { consumer?: unknown } | null)?.consumer
  } catch {
    held = undefined
  }
  if (typeof held !== 'string') throw new ConsumerContractError(`${file} is not a consumer contract; record does not write over it. Choose another --out, or remove the file.`)
  assertSameConsumer(file, held, consumer)
}
