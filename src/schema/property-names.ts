import { sortTexts } from './keywords.js'

const NON_ASCII = /[^\u0000-\u007f]/

/** A property name in Unicode NFC (ASCII names, nearly all of them, are NFC already). */
export function nfc(name: string): string {
  return NON_ASCII.test(name) ? name.normalize('NFC') : name
}

/** The lists of `dependentRequired`, each sorted, deduplicated and NFC (see `sortedNames`); empty lists dropped. */
export function sortedDependentNames(dependentRequired: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const key of sortTexts(Object.keys(dependentRequired))) {
    const list = dependentRequired[key]
    if (Array.isArray(list) && list.length > 0) out[key] = sortedNames(list)
  }
  return out
}

/** The string entries of `list` (property names in `required`, say), NFC, deduplicated and sorted. */
export function sortedNames(list: unknown[]): string[] {
  // Why: zod lists are short, ASCII and often already in order; those are kept as they are.
  let ordered = true
  for (let i = 0; i < list.length && ordered; i++) {
    const name = list[i]
    ordered = typeof name === 'string' && !NON_ASCII.test(name) && (i === 0 || (list[i - 1] as string) < name)
  }
  if (ordered) return list as string[]
  const names: string[] = []
  for (const name of list) if (typeof name === 'string') names.push(nfc(name))
  sortTexts(names)
  let kept = 0
  for (let i = 0; i < names.length; i++) if (i === 0 || names[i] !== names[kept - 1]) names[kept++] = names[i]
  names.length = kept
  return names
}
