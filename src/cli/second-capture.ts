import { captureRaw, type EraOption } from '../capture/capture-raw.js'
import { markVolatile } from '../surface/detect-volatile.js'
import { normalizeSurface } from '../surface/normalize.js'
import type { Surface } from '../surface/types.js'
import type { CliIo } from './cli-io.js'
import type { Invocation } from './parse-argv.js'
import { serverTarget } from './server-target.js'

/**
 * The surface with its volatile values marked: the server read a second time (a command started
 * again, a URL listed again), and what differs between the two reads by a clock or a random id
 * recorded with its shape, beside what `earlier` (the contract being replaced) recorded and still names.
 * Why a second read rather than guessing from the values: only what changed with nothing released
 * is proven volatile; a date that never moves stays compared exactly.
 * What differs otherwise (a server that lists a different tool each start) is said on stderr.
 */
export async function withDetectedVolatile(surface: Surface, invocation: Invocation, io: CliIo, era: EraOption | undefined, earlier: Surface | undefined): Promise<Surface> {
  // Why without named authorizations: the unnamed view is the one the volatile paths name.
  const again = normalizeSurface(await captureRaw(await serverTarget(invocation, io), { timeoutMs: invocation.timeoutMs, signal: io.signal, era, adviceFor: 'cli' }))
  const { surface: marked, unexplained } = markVolatile(surface, again, earlier)
  if (unexplained.length > 0) {
    const places = unexplained.slice(0, 5).map((place) => place.path)
    io.stderr(
      `mcp-contract: the server listed ${unexplained.length === 1 ? 'one value' : `${unexplained.length} values`} differently when read again (${places.join(', ')}${unexplained.length > 5 ? ', …' : ''}), ` +
        'not as a clock or an id changes; they are recorded as first read and compared exactly. If they change by themselves, declare them in "volatile" (docs: README, "Values that change by themselves").\n',
    )
  }
  return marked
}
