import { describe, expect, test } from 'vitest'
import { COMMAND_OPTIONS } from '../../src/cli/command-options.js'
import { cliIn } from '../support/run-cli-in-process.js'

const cli = cliIn(() => process.cwd())
const SECRET = 'sk-live-51Hq8ZtT0pSecret'
const URL = 'http://127.0.0.1:9/mcp'

// Why from the table: a command that takes --header later is checked without a change here.
const TAKING_HEADER = Object.entries(COMMAND_OPTIONS)
  .filter(([, options]) => options.includes('--header'))
  .map(([command]) => command)

/** The least each command needs beside the flag under test. */
function argsFor(command: string, flag: string[]): string[] {
  if (command === 'record') return ['record', '--consumer', 'agent', '--out', 'agent.mcp-consumer.json', '--url', URL, ...flag]
  if (command === 'verify') return ['verify', '--consumers', 'contracts/', '--url', URL, ...flag]
  return [command, '--url', URL, ...flag]
}

const MISTAKES = [
  { shape: 'no colon, a space between name and value', flag: ['--header', `Authorization Bearer ${SECRET}`] },
  { shape: 'an equals sign for the colon', flag: ['--header', `X-Api-Key=${SECRET}`] },
  { shape: 'name and value as two words', flag: ['--header', `X-Api-Key ${SECRET}`] },
  { shape: 'the token alone', flag: ['--header', SECRET] },
  { shape: 'a base64 token alone, padded', flag: ['--header', 'c2stbGl2ZS01MUhxOFp0VDBw=='] },
  { shape: 'no name before the colon', flag: ['--header', `: ${SECRET}`] },
  { shape: 'a colon inside the value, none after the name', flag: ['--header', `Authorization Bearer ${SECRET}:x`] },
  { shape: 'a line break in the value', flag: ['--header', `X-Api-Key: ${SECRET}\nX-Other: 1`] },
  { shape: 'the token given to --bearer-env', flag: ['--bearer-env', SECRET] },
]

test('every command that sends headers is checked', () => {
  expect(TAKING_HEADER).toEqual(['snapshot', 'check', 'show', 'lint', 'verify', 'record'])
})

describe.each(MISTAKES)('--header mistyped: $shape', ({ flag }) => {
  test('exit 2 from every command that takes it, one message naming no part of the value', async () => {
    const messages = new Set<string>()
    for (const command of TAKING_HEADER) {
      if (flag[0] === '--bearer-env' && !COMMAND_OPTIONS[command as keyof typeof COMMAND_OPTIONS].includes('--bearer-env')) continue
      const run = await cli(argsFor(command, flag))
      expect(run.code, command).toBe(2)
      expect(run.stdout).toBe('')
      for (const part of [SECRET, SECRET.slice(0, 8), SECRET.slice(-8), 'c2stbGl2']) expect(run.stderr, command).not.toContain(part)
      messages.add(run.stderr.split('\n')[0])
    }
    expect(messages.size).toBe(1)
    expect([...messages][0]).toMatchSnapshot()
  })
})
