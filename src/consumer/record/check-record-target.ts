import { accessSync, constants, readdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { closeFileBeside } from '../../surface/did-you-mean.js'
import { assertSameConsumer, ConsumerContractError, consumerNameIn } from '../consumer-contract-format.js'

/**
 * Checks before recording that `file` can be written: its folder exists and is writable, an
 * existing file is a consumer contract of `consumer`, and a new file's name is not one slip of the
 * keyboard from a file beside it (unless `isNew`: `record --new`, a close name on purpose).
 * @throws ConsumerContractError saying what is wrong and what to do
 * @example await checkRecordTarget('/repo/checkout-agent.mcp-consumer.json', 'checkout-agent', false)
 */
export async function checkRecordTarget(file: string, consumer: string, isNew = false): Promise<void> {
  // Why synchronous: the server starts after these checks and the process has nothing else to do;
  // promise reads would only add thread-pool round trips before the server's start.
  try {
    accessSync(dirname(file), constants.W_OK)
  } catch (error) {
    throw new ConsumerContractError(`${file} cannot be written: its folder ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'is not writable'}. Create the folder or choose another --out.`)
  }
  let text: string | undefined
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT') throw new ConsumerContractError(`${file} could not be read (${code ?? (error as Error).message}); record writes nothing over a file it cannot read. Choose another --out.`)
  }
  if (text === undefined) {
    // Why refused: a typo would record a second contract beside the first, and the tests would pass against it.
    const hint = isNew ? '' : closeFileBeside(file, readdirSync(dirname(file)))
    if (hint !== '') throw new ConsumerContractError(`${file} does not exist, and a file beside it has a close name, so nothing was recorded and no server started.${hint} Fix --out; or, if this is a new consumer contract, record it deliberately with --new.`)
    return
  }
  // Why JSON alone here: the whole file is validated when it is merged; Ajv would delay the server's start.
  const held = consumerNameIn(text)
  if (held === undefined) throw new ConsumerContractError(`${file} is not a consumer contract; record does not write over it. Choose another --out, or remove the file.`)
  assertSameConsumer(file, held, consumer)
}
