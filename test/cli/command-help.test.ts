import { describe, expect, test } from 'vitest'
import { COMMAND_OPTIONS, COMMANDS } from '../../src/cli/parse-argv.js'
import { commandHelp } from '../../src/cli/help-text.js'

describe('each command has help of its own', () => {
  test.each(COMMANDS.map((command) => ({ command })))('$command --help', async ({ command }) => {
    await expect(commandHelp(command)).toMatchFileSnapshot(`./__snapshots__/help/${command}.txt`)
  })

  test.each(COMMANDS.flatMap((command) => COMMAND_OPTIONS[command].map((option) => ({ command, option }))))('$command --help explains $option', ({ command, option }) => {
    const line = commandHelp(command)
      .split('\n')
      .find((text) => text.startsWith(`  ${option} `) || text === `  ${option}`)
    // Why the words after the flag and its value: a flag listed with nothing after it explains nothing.
    expect(line, `${command} --help lists ${option}`).toBeDefined()
    expect(line!.slice(2 + option.length).trim().split(/\s{2,}/).at(-1)!.length).toBeGreaterThan(10)
  })

  test.each(COMMANDS.map((command) => ({ command })))("$command --help lists only its own exit codes", ({ command }) => {
    const codes = commandHelp(command).split('\nExit codes:\n')[1]
    expect(codes).toBeDefined()
    // Why: a command that never judges a change has no exit 1 for one.
    const judges = ['check', 'diff', 'snapshot'].includes(command)
    expect(codes.includes('a change at or above'), codes).toBe(judges)
  })
})
