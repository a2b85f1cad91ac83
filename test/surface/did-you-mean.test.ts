import { expect, test } from 'vitest'
import { closeFileBeside, didYouMean, nearNames } from '../../src/surface/did-you-mean.js'

test.each([
  { title: 'case only', name: 'failon', names: ['failOn', 'strict'], nearness: {}, expected: ['failOn'] },
  { title: 'a letter left out', name: 'tool-remove', names: ['tool-removed', 'tool-renamed', 'tool-added'], nearness: {}, expected: ['tool-removed'] },
  { title: 'neighbours swapped are one edit', name: '--fromat', names: ['--format', '--force'], nearness: {}, expected: ['--format'] },
  { title: 'nearest first', name: '--out', names: ['--output-dir', '--port', '--out'], nearness: {}, expected: ['--out', '--port'] },
  { title: 'nothing within reach', name: '--foo', names: ['--to', '--format'], nearness: { within: 1 }, expected: [] },
  { title: 'by start when nothing is within reach', name: 'hint-flipped', names: ['hint-relaxed', 'hint-reversed', 'tool-added'], nearness: { byStart: true }, expected: ['hint-relaxed', 'hint-reversed'] },
  { title: 'a changed character costs two where asked', name: 'server-b.json', names: ['server-a.json'], nearness: { within: 1, changed: 2 }, expected: [] },
])('$title', ({ name, names, nearness, expected }) => {
  expect(nearNames(name, names, nearness)).toEqual(expected)
})

test('the sentences', () => {
  expect(didYouMean('failon', ['failOn', 'strict'])).toBe(' Did you mean "failOn"?')
  expect(didYouMean('zzz', ['failOn'])).toBe('')
  expect(closeFileBeside('/p/mcp-contrat.json', ['mcp-contract.json', 'other.json'])).toBe(' Did you mean "mcp-contract.json"?')
  expect(closeFileBeside('/p/catalog-v2.json', ['catalog.json'])).toBe('')
  expect(closeFileBeside('/p/MCP-contract.json', ['mcp-contract.json', 'notes.txt'])).toBe(' Did you mean "mcp-contract.json"?')
})
