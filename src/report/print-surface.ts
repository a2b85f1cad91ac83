import { serializeContract } from '../contract/contract-file.js'
import type { Surface } from '../surface/types.js'

/** The surface as people read it (`mcp-contract show`). */
export function printSurface(surface: Surface): string {
  return serializeContract(surface)
}
