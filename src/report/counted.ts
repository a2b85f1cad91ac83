/**
 * A count and its noun, singular for one: `1 change`, `3 changes`, `0 errors`.
 * @example counted(1, 'change') // '1 change'
 */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
