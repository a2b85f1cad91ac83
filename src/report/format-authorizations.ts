import { eraDifferences } from '../surface/era-differences.js'
import type { Surface } from '../surface/types.js'
import { printSurfaceSnapshot } from './surface-serializer.js'

/**
 * What `show` prints after the unnamed view for each named authorization (`--as NAME`): where its
 * view differs from the unnamed one (an entity listed for one side only, a field that differs),
 * then its whole surface. Empty when there are none.
 * @example formatAuthorizationViews(surface) // '# as admin: differs from the unnamed credentials: tool delete_doc listed for admin only\n…'
 */
export function formatAuthorizationViews(surface: Surface): string {
  const { authorizations, ...unnamed } = surface
  let text = ''
  for (const [name, view] of Object.entries(authorizations ?? {})) {
    // Why eraDifferences: it compares any two views of one server, field by field.
    const differences = eraDifferences(unnamed as Surface, view).map(({ entity, name: key, field }) => {
      if (field !== 'present') return `${entity} ${key} ${field} differs`
      return `${entity} ${key} listed ${listedIn(view, entity, key) ? `for ${name} only` : 'for the unnamed credentials only'}`
    })
    const heading = differences.length === 0 ? 'sees the same surface as the unnamed credentials' : `differs from the unnamed credentials: ${differences.join('; ')}`
    text += `# as ${name}: ${heading}\n${printSurfaceSnapshot(view)}\n`
  }
  return text
}

/** Prints a surface's unnamed view: the surface without its named authorizations. */
export function printUnnamedView(surface: Surface): string {
  const { authorizations: _named, ...unnamed } = surface
  return printSurfaceSnapshot(unnamed as Surface)
}

const LISTS = { tool: ['tools', 'name'], prompt: ['prompts', 'name'], resource: ['resources', 'uri'], resourceTemplate: ['resourceTemplates', 'uriTemplate'] } as const

function listedIn(view: Surface, entity: string, key: string): boolean {
  const [list, field] = LISTS[entity as keyof typeof LISTS] ?? []
  if (list === undefined) return false
  return ((view[list] ?? []) as object[]).some((item) => (item as Record<string, unknown>)[field] === key)
}
