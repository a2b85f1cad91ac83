import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig, type Options } from 'tsup'

type Plugin = NonNullable<Options['esbuildPlugins']>[number]

// Why: the SDK, test runners and parsers are resolved from the user's install, never bundled.
const external = [/^@modelcontextprotocol\//, 'vitest', 'jest', '@jest/globals', 'expect', 'pretty-format', 'ajv', 'ajv-formats', 'refa']
// Why bundled: json-schema-faker ships ES modules only, which Jest's CommonJS runtime cannot
// require; bundled, both builds load it (lazily, on a mock's first generated value).
const noExternal = ['json-schema-faker']

/** Leaves an import as written, pointing at another file of `dist/` (only from `importer`'s, when given). */
function keepAsFile(name: string, filter: RegExp, to: string, importer?: string): Plugin {
  return {
    name,
    setup: (build) => build.onResolve({ filter }, (args) => (importer === undefined || args.importer.endsWith(importer) ? { path: to, external: true } : undefined)),
  }
}

/** Removes the files of the build's output folder whose names match `pattern` before it writes its own. */
function removeOwnFiles(pattern: RegExp): Plugin {
  // Why the build's own outdir: the end-to-end tests build into a staging folder (--out-dir) while
  // other tests run the shared dist/, whose files must not be removed under them.
  const remove = (outdir: string) => {
    for (const name of readdirSync(outdir, { withFileTypes: true })) if (name.isFile() && pattern.test(name.name)) rmSync(join(outdir, name.name))
  }
  return { name: 'remove-own-files', setup: (build) => build.onStart(() => void (existsSync(build.initialOptions.outdir ?? 'dist') ? remove(build.initialOptions.outdir ?? 'dist') : undefined)) }
}

const entries = {
  index: 'src/index.ts',
  cli: 'src/cli/main.ts',
  matchers: 'matchers/index.ts',
  jest: 'setup/jest.ts',
}

export default defineConfig([
  {
    // Why: Jest's default runtime loads setup files as CommonJS, Vitest wants ESM; one build makes both.
    entry: entries,
    format: ['esm', 'cjs'],
    // Why `vitest` here: types share one set of declaration chunks; this build also cleans them.
    dts: { entry: { ...entries, vitest: 'setup/vitest.ts' } },
    // Why the exceptions: record's and the Vitest setup files come from the builds below, which run alongside.
    clean: ['!vitest.js', '!register-vitest.js', '!record.js', '!record-chunk-*.js'],
    target: 'node20',
    splitting: true,
    sourcemap: false,
    // Why: the schema engine loads refa with `createRequire(import.meta.url)`, which CommonJS lacks.
    shims: true,
    external,
    noExternal,
    esbuildPlugins: [keepAsFile('record-on-its-own', /^\.\/run-record\.js$/, './record.js', 'src/cli/main.ts')],
  },
  {
    // Why a build of its own: a consumer's whole suite waits on `record`'s start, and in the main
    // build its modules share chunks with every command, so the process loaded most of the CLI.
    // Built alone, `record.js` holds what the proxy and the recorder need, and its own chunks hold
    // what it loads later (writing the contract, the HTTP proxy, the schema engine).
    entry: { record: 'src/cli/run-record.ts' },
    format: ['esm'],
    target: 'node20',
    splitting: true,
    sourcemap: false,
    external,
    noExternal,
    esbuildOptions: (options) => {
      options.chunkNames = 'record-chunk-[hash]'
    },
    // Why: the main build's clean spares these names (the builds run alongside), so old chunks would pile up.
    esbuildPlugins: [removeOwnFiles(/^record-chunk-\w+\.js$/)],
  },
  {
    // Why a build of its own: Vitest transforms a setup file and resolves each of its imports
    // with a round trip to its main process, while a file under node_modules that the setup file
    // imports loads natively, and one file loads faster than five. So `vitest.js` is one import
    // of `register-vitest.js`, which holds everything registration needs in one file; the engine
    // stays behind `import()` of the main build's `index.js`.
    entry: { vitest: 'setup/vitest.ts', 'register-vitest': 'setup/register-vitest.ts' },
    format: ['esm'],
    target: 'node20',
    splitting: false,
    sourcemap: false,
    external,
    esbuildPlugins: [
      keepAsFile('setup-stays-thin', /^\.\/register-vitest\.js$/, './register-vitest.js'),
      keepAsFile('engine-stays-lazy', /\/src\/index\.js$/, './index.js'),
    ],
  },
])
