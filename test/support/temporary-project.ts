import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll } from 'vitest'

const made: string[] = []

/** A temporary project folder holding `files` (path → text); removed after the test file. */
export async function projectWith(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-contract-lock-'))
  made.push(root)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  return root
}

afterAll(async () => {
  await Promise.all(made.map((root) => rm(root, { recursive: true, force: true })))
})
