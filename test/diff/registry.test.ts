import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { KINDS } from '../../src/diff/registry.js'

/** The closed vocabulary of subjects a kind id may start with. */
const SUBJECTS = ['consumer', 'tool', 'argument', 'schema', 'output-schema', 'output-field', 'hint', 'task-support', 'prompt-argument', 'prompt', 'profile', 'resource-template', 'resource', 'server', 'era']

const kindsDir = join(import.meta.dirname, '../../src/diff/kinds')

test('ids are unique, kebab-case and start with a known subject', () => {
  const ids = KINDS.map((kind) => kind.id)
  expect(new Set(ids).size).toBe(ids.length)
  for (const id of ids) {
    expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/)
    expect(SUBJECTS.some((subject) => id.startsWith(`${subject}-`)), `${id} starts with one of ${SUBJECTS.join(', ')}`).toBe(true)
  }
})

test('every kind file is registered, and its file name is its id', async () => {
  const files = readdirSync(kindsDir).filter((file) => file.endsWith('.ts') && file !== 'schema-kinds.ts')
  const ids = new Set(KINDS.map((kind) => kind.id))
  for (const file of files) {
    const id = file.replace(/\.ts$/, '')
    expect(ids.has(id), `${file} is registered in src/diff/registry.ts`).toBe(true)
    const module = (await import(join(kindsDir, file))) as Record<string, { id: string }>
    const camel = id.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
    expect(module[camel]?.id, `${file} exports ${camel}`).toBe(id)
  }
})

test('every kind says what it detects in one sentence and has a reason for each severity', () => {
  for (const kind of KINDS) {
    expect(kind.purpose, kind.id).toMatch(/^[A-Z].*\.$/)
    expect(Object.keys(kind.reason).length, kind.id).toBeGreaterThan(0)
    for (const text of Object.values(kind.reason)) expect(text, kind.id).not.toBe('')
  }
})
