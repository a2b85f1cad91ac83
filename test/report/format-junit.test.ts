import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { captureSurface } from '../../src/capture/capture-surface.js'
import type { ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { formatConsumerVerdicts } from '../../src/report/format-consumers.js'
import { xmlText } from '../../src/report/format-junit.js'
import { formatReport } from '../../src/report/format-report.js'
import { xmlProblem } from '../support/well-formed-xml.js'

// A server whose names carry characters XML 1.0 forbids: U+0001 in a tool's name, U+FFFE in an
// argument's, a NUL in a description; its second version drops the tool and requires the argument.
function controlCharacterServer(version: 'v1' | 'v2'): McpServer {
  const server = new McpServer({ name: 'odd\u0001names', version: '1.0.0' })
  const reply = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] })
  if (version === 'v1') server.registerTool('find\u0001items', { description: 'Finds <items> & "more"\u0000.', inputSchema: { q: z.string() } }, reply)
  const zone = version === 'v2' ? z.string() : z.string().optional()
  server.registerTool('lookup', { description: 'Looks a city up.', inputSchema: { city: z.string(), 'zone\uFFFE': zone } }, reply)
  return server
}

describe('JUnit is well-formed XML 1.0 whatever names a server sends', () => {
  test('check: a server whose tool and argument names carry U+0001 and U+FFFE', async () => {
    const report = diffSurfaces(await captureSurface(controlCharacterServer('v1')), await captureSurface(controlCharacterServer('v2')))
    const junit = formatReport(report, { format: 'junit' })
    expect(xmlProblem(junit)).toBeUndefined()
    expect(junit).toMatchSnapshot()
  })

  test('verify: a consumer whose name and tool carry control characters', async () => {
    const contract: ConsumerContract = {
      format: 1,
      consumer: 'agent\u0001',
      tools: [{ name: 'find\u0001items', examples: [{ q: 'blue' }], reads: [] }, { name: 'lookup', examples: [{ city: 'Oslo' }], reads: [] }],
      prompts: [],
      resources: [],
    }
    const report = await verifyConsumer(contract, await captureSurface(controlCharacterServer('v2')))
    const junit = formatConsumerVerdicts([{ consumer: contract.consumer, file: 'contracts/agent\u0001.mcp-consumer.json', report }], 'junit')
    expect(xmlProblem(junit)).toBeUndefined()
    expect(junit).toMatchSnapshot()
  })

  test.each([
    { title: 'markup characters become entities', input: 'a<b>&"c"', output: 'a&lt;b&gt;&amp;&quot;c&quot;' },
    { title: 'tab and line breaks become character references', input: 'a\tb\nc\rd', output: 'a&#9;b&#10;c&#13;d' },
    { title: 'C0 controls XML forbids become visible \\u escapes', input: 'a\u0000b\u0001c\u001F', output: 'a\\u0000b\\u0001c\\u001F' },
    { title: 'U+FFFE and U+FFFF become visible \\u escapes', input: 'x\uFFFEy\uFFFF', output: 'x\\uFFFEy\\uFFFF' },
    { title: 'a lone surrogate becomes a visible \\u escape', input: 'x\uD800y', output: 'x\\uD800y' },
    { title: 'a character beyond the BMP is kept', input: 'map 🗺', output: 'map 🗺' },
  ])('$title', ({ input, output }) => {
    expect(xmlText(input)).toBe(output)
    expect(xmlProblem(`<a b="${xmlText(input)}">${xmlText(input)}</a>`)).toBeUndefined()
  })
})
