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

const entries = {
  index: 'src/index.ts',
  matchers: 'matchers/index.ts',
  jest: 'setup/jest.ts',
}

/** What `record` imports only when asked: the import it is asked by, its source and its file in `dist/`. */
const RECORD_LATER: [RegExp, string, string][] = [
  [/^\.\/record-writing\.js$/, 'src/cli/record-writing.ts', 'record-writing'],
  [/^\.\.\/capture\/record-http-proxy\.js$/, 'src/capture/record-http-proxy.ts', 'record-http-proxy'],
  [/^\.\/help-text\.js$/, 'src/cli/help-text.ts', 'record-help'],
  // Why `../../` too: the recorder (`consumer/record/wire-recording.ts`) sits a folder deeper.
  [/^\.\.\/(\.\.\/)?surface\/normalize\.js$/, 'src/surface/normalize.ts', 'record-normalize'],
  [/^\.\.\/lint\/profile-registry\.js$/, 'src/lint/profile-registry.ts', 'record-profiles'],
  [/^\.\.\/diff\/registry\.js$/, 'src/diff/registry.ts', 'record-kinds'],
  [/^\.\.\/diff\/ignore-rule\.js$/, 'src/diff/ignore-rule.ts', 'record-ignore-rule'],
]

export default defineConfig([
  {
    // Why: Jest's default runtime loads setup files as CommonJS, Vitest wants ESM; one build makes both.
    // Why `commands` apart from the typed entries: the binary imports every command but record from it.
    entry: { ...entries, commands: 'src/cli/run-cli.ts' },
    format: ['esm', 'cjs'],
    // Why `vitest` here: types share one set of declaration chunks; this build also cleans them.
    dts: { entry: { ...entries, vitest: 'setup/vitest.ts' } },
    // Why the exceptions: record's and the Vitest setup files come from the builds below, which run alongside.
    clean: ['!vitest.js', '!register-vitest.js', '!cli.cjs', '!record.cjs', ...RECORD_LATER.map(([, , name]) => `!${name}.cjs`)],
    target: 'node20',
    splitting: true,
    sourcemap: false,
    // Why: the schema engine loads refa with `createRequire(import.meta.url)`, which CommonJS lacks.
    shims: true,
    external,
    noExternal,
  },
  {
    // Why CommonJS: Node starts an ES module entry through its module loader, which costs a
    // CommonJS one's whole load again; `record` starts once per consumer test process, so the
    // binary and record are CommonJS (main.ts requires record and imports the rest, see there).
    entry: { cli: 'src/cli/main.ts' },
    format: ['cjs'],
    target: 'node20',
    splitting: false,
    sourcemap: false,
    shims: true,
    external: [...external, './record.cjs'],
    esbuildPlugins: [keepAsFile('commands-stay-esm', /^\.\/run-cli\.js$/, './commands.js')],
  },
  {
    // Why a build of its own: a consumer's whole suite waits on `record`'s start, and in the main
    // build its modules share chunks with every command, so the process loaded most of the CLI.
    // Built alone, `record.cjs` holds what the proxy and the recorder need; what it loads later
    // (writing the contract, the HTTP proxy, the schema engine, help) is a file of its own each.
    entry: { record: 'src/cli/run-record.ts', ...Object.fromEntries(RECORD_LATER.map(([, source, name]) => [name, source])) },
    format: ['cjs'],
    target: 'node20',
    // Why no splitting: CommonJS chunks go through a second transform whose helpers run on every
    // optional chain, and each chunk is a file to resolve and read; the files above share nothing.
    splitting: false,
    sourcemap: false,
    shims: true,
    external,
    noExternal,
    esbuildOptions: (options) => {
      // Why: V8 reads a source file holding any character beyond ASCII as two bytes a character
      // and compiles it more slowly; escaped, the same text stays one byte a character.
      options.charset = 'ascii'
      // Why: so `import()` of those files becomes `require`, which needs no ES module loader.
      options.supported = { 'dynamic-import': false }
    },
    esbuildPlugins: RECORD_LATER.map(([specifier, , name]) => keepAsFile(`record-${name}-apart`, specifier, `./${name}.cjs`)),
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
