/** One JUnit test case: a passing case has neither `failure` nor `skipped`. */
export interface JunitCase {
  classname: string
  name: string
  failure?: { message: string; type: string }
  /** Why the case was skipped. */
  skipped?: string
}

/** One JUnit test suite; `tests`, `failures` and `skipped` are counted from its cases. */
export interface JunitSuite {
  name: string
  /** The file the suite verifies (a consumer contract), written as the suite's `file` attribute. */
  file?: string
  cases: readonly JunitCase[]
  /** Whether to write the `skipped` count (the consumer report does; the contract report never skips). */
  countSkipped?: boolean
}

/**
 * Writes a JUnit XML document: `<testsuites name>` holding each suite and its cases, the one XML
 * writer `check`, `diff` and `verify` share, so every text a server sent (a tool's name, an
 * argument, a description quoted in a message) reaches the file as well-formed XML 1.0.
 * @example formatJunit('mcp-contract', [{ name: 'mcp-contract', cases: [{ classname: 'mcp-contract', name: 'surface honors the contract' }] }])
 */
export function formatJunit(name: string, suites: readonly JunitSuite[]): string {
  const lines: string[] = []
  let tests = 0
  let failures = 0
  for (const suite of suites) {
    const failing = suite.cases.filter((testCase) => testCase.failure !== undefined).length
    const skipped = suite.cases.filter((testCase) => testCase.skipped !== undefined).length
    tests += suite.cases.length
    failures += failing
    const file = suite.file !== undefined ? ` file="${xmlText(suite.file)}"` : ''
    const skippedCount = suite.countSkipped === true ? ` skipped="${skipped}"` : ''
    lines.push(`  <testsuite name="${xmlText(suite.name)}"${file} tests="${suite.cases.length}" failures="${failing}"${skippedCount}>`, ...suite.cases.map(caseXml), '  </testsuite>')
  }
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${xmlText(name)}" tests="${tests}" failures="${failures}">`, ...lines, '</testsuites>', ''].join('\n')
}

function caseXml(testCase: JunitCase): string {
  const body =
    testCase.failure !== undefined
      ? `<failure message="${xmlText(testCase.failure.message)}" type="${xmlText(testCase.failure.type)}"/>`
      : testCase.skipped !== undefined
        ? `<skipped message="${xmlText(testCase.skipped)}"/>`
        : ''
  return `    <testcase classname="${xmlText(testCase.classname)}" name="${xmlText(testCase.name)}">${body}</testcase>`
}

// Why: XML 1.0 allows only #x9, #xA, #xD, #x20–#xD7FF, #xE000–#xFFFD and #x10000–#x10FFFF, even
// as a character reference (https://www.w3.org/TR/xml/#charsets, production [2] Char); one other
// character in a name a server sent makes the whole report unparseable, and CI then shows
// nothing. Such a character (a lone surrogate too, which the `u` flag matches alone) is written
// as the visible text `\u0001`, so the report still names what the server sent.
const FORBIDDEN_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/**
 * Escapes text for an XML 1.0 attribute value or element text: markup characters as entities,
 * tab and line breaks as character references (an attribute would otherwise read them as
 * spaces), and each character XML 1.0 forbids as the visible text `\uXXXX`.
 * @example xmlText('a<b\u0001') // 'a&lt;b\\u0001'
 */
export function xmlText(text: string): string {
  return text
    .replace(FORBIDDEN_IN_XML, (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
}
