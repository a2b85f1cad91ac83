/**
 * An argument as a POSIX shell reads it back: bare when it is safe, else in single quotes.
 * Used for every command the package prints for a user to paste.
 * @example shellWord('test/a.test.ts') // 'test/a.test.ts'
 * @example shellWord('my tests/a.test.ts') // "'my tests/a.test.ts'"
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`
}
