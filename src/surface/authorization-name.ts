/**
 * What a named authorization (`--as NAME`) may be called: a letter or digit, then letters,
 * digits, `_`, `.` or `-`, at most 64 in all. Why so narrow: the name is a key in a committed
 * contract file and a word in every report line; it must never carry a credential or a path.
 */
export const AUTHORIZATION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

/**
 * What is wrong with an authorization name, in words; `undefined` when it is fine.
 * @example authorizationNameProblem('admin token') // 'an authorization name is a letter or digit, then …, not "admin token"'
 */
export function authorizationNameProblem(name: string): string | undefined {
  if (AUTHORIZATION_NAME.test(name)) return undefined
  return `an authorization name is a letter or digit, then letters, digits, _, . or - (at most 64), such as admin or read-only; not ${JSON.stringify(name.slice(0, 80))}`
}
