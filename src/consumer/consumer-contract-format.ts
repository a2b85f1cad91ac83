// Why apart from consumer-contract.ts: the `record` process needs these while it forwards, and
// that module loads the file's compiled validator, which only writing the contract needs.

/**
 * The newest consumer contract format this version writes and reads. Format 2 adds what format 1
 * readers would misread as "reads nothing": `seen` (an output the model saw whole) and
 * `readsObserved: false` (recorded from the wire). A contract that uses neither is written as
 * format 1, so files recorded before keep their bytes and older readers keep reading them.
 */
export const CONSUMER_CONTRACT_FORMAT = 2

/**
 * The format a contract needs: 2 when it says what format 1 cannot, else 1. Why the shape, not
 * `ConsumerContract`: that type's module imports this one.
 * @example consumerContractFormatOf({ ...contract, readsObserved: false }) // 2
 */
export function consumerContractFormatOf(contract: { readsObserved?: false; tools: readonly { seen?: readonly string[] }[] }): 1 | 2 {
  return contract.readsObserved === false || contract.tools.some((tool) => tool.seen !== undefined) ? 2 : 1
}

/** A consumer contract file that cannot be used; the message says what to do. */
export class ConsumerContractError extends Error {
  override name = 'ConsumerContractError'
}

/**
 * Refuses to put one consumer's uses into a file that holds another's.
 * @throws ConsumerContractError naming both consumers
 */
export function assertSameConsumer(source: string, held: string, recorded: string): void {
  if (held !== recorded) throw new ConsumerContractError(`${source} holds consumer "${held}", not "${recorded}"; one file holds one consumer's uses. Record "${recorded}" to another file.`)
}

/**
 * The consumer a contract file's text names, read without validating the rest (Ajv would be
 * loaded for it); `undefined` when the text is not JSON or names none.
 * @example consumerNameIn('{"format":1,"consumer":"checkout-agent","tools":[]}') // 'checkout-agent'
 */
export function consumerNameIn(text: string): string | undefined {
  let consumer: unknown
  try {
    consumer = (JSON.parse(text) as { consumer?: unknown } | null)?.consumer
  } catch {
    return undefined
  }
  return typeof consumer === 'string' ? consumer : undefined
}
