import { isPlainObject } from './field-checks.js'

/** One schema object inside a tool schema, with where it sits: `inputSchema.properties.limit`. */
export interface SchemaNode {
  path: string
  node: Record<string, unknown>
}

const MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const
const LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const
const ONE_KEYWORDS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'] as const

/**
 * Every schema object in `schema`, the root first, each with its path below `prefix`. Why a walk of
 * its own: model API rules judge the text a client forwards, keyword by keyword, never a normalized form.
 * @example schemaNodes({ type: 'object', properties: { a: { type: 'string' } } }, 'inputSchema').map((n) => n.path) // ['inputSchema', 'inputSchema.properties.a']
 */
export function schemaNodes(schema: unknown, prefix: string): SchemaNode[] {
  const nodes: SchemaNode[] = []
  const seen = new Set<object>()
  const visit = (value: unknown, path: string) => {
    if (!isPlainObject(value) || seen.has(value)) return
    seen.add(value)
    nodes.push({ path, node: value })
    for (const keyword of MAP_KEYWORDS) {
      const map = value[keyword]
      if (isPlainObject(map)) for (const [key, child] of Object.entries(map)) visit(child, `${path}.${keyword}.${key}`)
    }
    for (const keyword of LIST_KEYWORDS) {
      const list = value[keyword]
      if (Array.isArray(list)) list.forEach((child, index) => visit(child, `${path}.${keyword}[${index}]`))
    }
    for (const keyword of ONE_KEYWORDS) {
      const child = value[keyword]
      if (Array.isArray(child)) child.forEach((item, index) => visit(item, `${path}.${keyword}[${index}]`))
      else visit(child, `${path}.${keyword}`)
    }
  }
  visit(schema, prefix)
  return nodes
}
