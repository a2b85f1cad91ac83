import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Temporary files this process has named (see {@link writeFileAtomically}). */
let temporaries = 0

/**
 * Writes a file atomically and durably: a temporary file beside it (created exclusively), its
 * bytes flushed to the disk (fsync), then a rename over the file, so a reader never sees half a
 * file, and a crash or a failed write leaves the old one intact. The temporary file is removed
 * when anything fails; the error is the file system's, for the caller to put in its words.
 * `mode` sets the new file's permissions (0o600 for a token file), before any byte is written.
 * Why here, beneath `capture/` and `contract/`: every file mcp-contract writes (contracts,
 * consumer contracts, the folder store, cached logins) goes through this one writer, and both layers need it.
 * Why fsync before the rename: without it a crash can leave the renamed file empty on some file systems.
 * @example await writeFileAtomically('mcp-contract.json', text)
 */
export async function writeFileAtomically(file: string, text: string, options: { mode?: number } = {}): Promise<void> {
  // Why pid, a count and Math.random, not node:crypto: the name only has to differ from another
  // writer's (`wx` refuses a clash), and loading crypto cost a `record` process more than its writing.
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}-${++temporaries}-${Math.random().toString(36).slice(2, 10)}.tmp`)
  try {
    const handle = await open(temporary, 'wx', options.mode ?? 0o666)
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
