import { defineConfig, type Options } from 'tsup'

type Plugin = NonNullable<Options['esbuildPlugins']>[number]

// Why: the SDK, test runners and parsers are resolved from the user's install, never bundled.
const external = [/^@modelcontextprotocol\//, 'vitest', 'jest', '@jest/globals', 'expect', 'pretty-format', 'ajv', 'ajv-formats', 'refa']
// Why bundled: json-schema-faker ships ES modules only, which Jest's CommonJS runtime cannot
// require; bundled, both builds load it (lazily, on a mock's first generated value).
const noExternal = ['json-schema-faker']

/** Leaves an import as written, pointing at another file of `dist/`. */
function keepAsFile(name: string, filter: RegExp, to: string): Plugin {
  return { name, setup: (build) => build.onResolve({ filter }, () => ({ path: to, external: true })) }
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
    // Why the exceptions: the Vitest setup files come from the build below, which runs alongside.
    clean: ['!vitest.js', '!register-vitest.js'],
    target: 'node20',
    splitting: true,
    sourcemap: false,
    // Why: the schema engine loads refa with `createRequire(import.meta.url)`, which CommonJS lacks.
    shims: true,
    external,
    noExternal,
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
