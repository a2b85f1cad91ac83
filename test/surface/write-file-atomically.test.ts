import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { writeFileAtomically } from '../../src/surface/write-file-atomically.js'

test('writes the whole text in place of the old file and leaves no temporary file', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'atomic-'))
  const file = join(folder, 'mcp-contract.json')
  await writeFile(file, 'old')
  await writeFileAtomically(file, '{"format":1}\n')
  expect(await readFile(file, 'utf8')).toBe('{"format":1}\n')
  expect(await readdir(folder)).toEqual(['mcp-contract.json'])
})

test('a mode is set on the new file (a token file is private)', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'atomic-'))
  const file = join(folder, 'login.json')
  await writeFileAtomically(file, '{}', { mode: 0o600 })
  expect((await stat(file)).mode & 0o777).toBe(0o600)
})

test('a write that fails leaves what was there and no temporary file, and throws the file system error', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'atomic-'))
  const file = join(folder, 'taken')
  await mkdir(file)
  await writeFile(join(file, 'inside.json'), 'kept')
  await expect(writeFileAtomically(file, 'new')).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST|EPERM)$/) })
  expect(await readdir(folder)).toEqual(['taken'])
  expect(await readFile(join(file, 'inside.json'), 'utf8')).toBe('kept')
})

test('a folder that does not exist is an error, not a created folder', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'atomic-'))
  await expect(writeFileAtomically(join(folder, 'missing', 'a.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' })
  expect(await readdir(folder)).toEqual([])
})
