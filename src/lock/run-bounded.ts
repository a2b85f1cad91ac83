import { availableParallelism } from 'node:os'

/**
 * How many servers are read at once by default: four per core (8 on 2 cores). Why more than one
 * per core: a server spends most of its start waiting (npx resolving, a process booting, a network
 * round trip), not computing. Measured with bench/lock-parallel.mjs, 8 servers that each take 1 s
 * to start, on 2 busy cores: `check --lock` took 3.17× one server's check at 2 at once, 2.81× at 4,
 * 1.76× at 8 (the budget is 2×); the CLI's own peak stayed at 142–144 MB.
 */
export function defaultConcurrency(): number {
  return Math.max(2, 4 * availableParallelism())
}

/**
 * Runs `work` over every item with at most `limit` running at once, and returns the results in
 * the items' order. Why not `Promise.all` over all: 30 servers started at once thrash the
 * machine (each a Node process), and memory must stay flat as the list grows.
 * @example await mapBounded(servers, 4, (server) => readServer(server))
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
  return results
}
