/**
 * The names that share the longest start with `name`, ignoring case (a typo keeps the start more
 * often than the end); none when no name shares even its first letter.
 * @example closestNames('failon', ['failOn', 'strict']) // ['failOn']
 */
export function closestNames(name: string, names: readonly string[]): string[] {
  const lower = name.toLowerCase()
  const shared = (other: string) => {
    const candidate = other.toLowerCase()
    let length = 0
    while (length < lower.length && lower[length] === candidate[length]) length++
    return length
  }
  const best = Math.max(0, ...names.map(shared))
  return best === 0 ? [] : names.filter((other) => shared(other) === best).slice(0, 3)
}

/**
 * ` Did you mean "failOn"?` for a misspelt name, or nothing when no name is close.
 * @example `Unknown option "failon".${didYouMean('failon', OPTIONS)}`
 */
export function didYouMean(name: string, names: readonly string[]): string {
  const close = closestNames(name, names)
  return close.length === 0 ? '' : ` Did you mean ${close.map((other) => JSON.stringify(other)).join(' or ')}?`
}
