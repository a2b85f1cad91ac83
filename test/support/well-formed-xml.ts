import { SaxesParser } from 'saxes'

/**
 * The first reason a strict XML 1.0 parser (saxes) refuses `text`, or `undefined` when the text is
 * well-formed XML: every JUnit report a test writes goes through it, as a CI dashboard reads it.
 * @example expect(xmlProblem(run.stdout)).toBeUndefined()
 */
export function xmlProblem(text: string): string | undefined {
  const parser = new SaxesParser()
  let problem: string | undefined
  parser.on('error', (error) => {
    problem ??= error.message
  })
  parser.write(text).close()
  return problem
}
