import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { E2eProject, type Runner } from './support/e2e-project.js'
import { ROOT } from './support/packed-package.js'

const run = promisify(execFile)

/** A strict project that sees the given global type packages: NodeNext, or CommonJS with the resolution that implies. */
function tsconfig(types: string[], module: Module): string {
  const resolution = module === 'NodeNext' ? { module: 'NodeNext', moduleResolution: 'NodeNext' } : { module: 'CommonJS' }
  return JSON.stringify({ compilerOptions: { target: 'ES2022', ...resolution, strict: true, noEmit: true, skipLibCheck: false, types }, include: ['*.ts'] }, null, 2)
}

type Module = 'NodeNext' | 'CommonJS'

/** Why both: the build needs 5.9's API, users are moving to the native compiler 7. */
const COMPILERS = [
  { version: 5.9, tsc: `${ROOT}/node_modules/typescript/bin/tsc` },
  { version: 7, tsc: `${ROOT}/node_modules/typescript-7/bin/tsc` },
]

/** What a user writes, checked against the shipped declarations; every `@ts-expect-error` must be an error. */
const USER_TEST_FILES: Record<string, string> = {
  vitest: `import 'mcp-contract/vitest'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { expect, test } from 'vitest'
import type { Policy, Surface } from 'mcp-contract/vitest'

const server = new McpServer({ name: 'demo', version: '1.0.0' })
const policy: Policy = { failOn: 'breaking', used: ['search_*'] }
declare const surface: Surface

test('matchers', async () => {
  await expect(server).toMatchMcpContract()
  await expect(server).toMatchMcpContract('hint')
  await expect(server).toMatchMcpContract('hint', { failOn: 'risky' })
  await expect(server).toMatchMcpContract(policy)
  await expect({ command: 'node', args: ['server.js'] }).toHonorContract('mcp-contract.json')
  await expect(surface).toHonorContract('mcp-contract.json', { strict: true })
  await expect.soft(server).toMatchMcpContract()
  const done: Promise<void> = expect(server).toMatchMcpContract()
  await done
  // @ts-expect-error failOn is a severity
  await expect(server).toHonorContract('mcp-contract.json', { failOn: 'fatal' })
  // @ts-expect-error the contract file is required
  await expect(server).toHonorContract()
  // @ts-expect-error a hint is a string
  await expect(server).toMatchMcpContract(42)
  await expect(server).toHonorContract('mcp-contract.json', { usedBy: ['../src/**/*.ts'] })
  await expect(server).toMatchConsumerContract('contracts/agent.mcp-consumer.json')
  await expect(server).toSatisfyConsumerContracts('contracts/')
  await expect(server).toSatisfyConsumerContracts(['a.mcp-consumer.json', 'b.mcp-consumer.json'])
  await expect(server).toSatisfyConsumerContracts('contracts/', { call: true, allowDestructive: false, states: { 'cart has 2 items': async () => {} } })
  // @ts-expect-error call is a boolean
  await expect(server).toSatisfyConsumerContracts('contracts/', { call: 'yes' })
  // @ts-expect-error the consumer contract file is required
  await expect(server).toMatchConsumerContract()
})

test.concurrent('with the test context', async ({ expect }) => {
  await expect(server).toMatchMcpContract()
})
`,
  jest: `import 'mcp-contract/jest'
import { expect, test } from '@jest/globals'
import type { Policy } from 'mcp-contract/jest'

const server = { command: process.execPath, args: ['server.mjs'] }
const policy: Policy = { failOn: 'breaking' }

test('matchers', async () => {
  await expect(server).toMatchMcpContract()
  await expect(server).toMatchMcpContract('hint', policy)
  await expect(server).toMatchMcpContract({ strict: true })
  await expect(server).toHonorContract('mcp-contract.json')
  await expect(server).toHonorContract('mcp-contract.json', { failOn: 'risky', ignore: ['tool-added'] })
  // @ts-expect-error failOn is a severity
  await expect(server).toHonorContract('mcp-contract.json', { failOn: 'fatal' })
  // @ts-expect-error the contract file is a path
  await expect(server).toHonorContract(42)
})
`,
  'jest-globals': `import 'mcp-contract/jest'

const server = { command: process.execPath, args: ['server.mjs'] }

test('matchers on the global expect (@types/jest)', async () => {
  await expect(server).toMatchMcpContract()
  await expect(server).toMatchMcpContract('hint', { failOn: 'breaking' })
  await expect(server).toHonorContract('mcp-contract.json', { strict: true })
  // @ts-expect-error failOn is a severity
  await expect(server).toHonorContract('mcp-contract.json', { failOn: 'fatal' })
  // @ts-expect-error the contract file is required
  await expect(server).toHonorContract()
})

const matchers: jest.Matchers<void> = expect(server)
export const returned: Promise<void> = matchers.toMatchMcpContract()
`,
}

/** The same file when the setup is only in the runner's config: the README's `types` entry brings the matchers. */
function withoutSetupImport(name: string): string {
  return USER_TEST_FILES[name].replace(/^import 'mcp-contract\/(vitest|jest)'\n/, '')
}

const CASES: { name: string; runner: Runner; types: string[]; file: string; module?: Module }[] = [
  { name: 'vitest', runner: 'vitest', types: ['node'], file: USER_TEST_FILES.vitest },
  { name: 'jest', runner: 'jest', types: ['node'], file: USER_TEST_FILES.jest },
  { name: 'jest-globals', runner: 'jest', types: ['node', 'jest'], file: USER_TEST_FILES['jest-globals'] },
  { name: 'vitest, setup in vitest.config only', runner: 'vitest', types: ['node', 'mcp-contract/vitest'], file: withoutSetupImport('vitest') },
  { name: 'jest, setup in jest.config only', runner: 'jest', types: ['node', 'mcp-contract/jest'], file: withoutSetupImport('jest') },
  { name: 'jest-globals, setup in jest.config only', runner: 'jest', types: ['node', 'jest', 'mcp-contract/jest'], file: withoutSetupImport('jest-globals') },
  // Why: `module: commonjs` resolves as node10, which reads no `exports`; package.json's typesVersions maps `mcp-contract/jest` for it.
  { name: 'jest-globals on module CommonJS, setup in jest.config only', runner: 'jest', types: ['node', 'jest', 'mcp-contract/jest'], file: withoutSetupImport('jest-globals'), module: 'CommonJS' },
]

describe.each(CASES)('types: a $name user test file compiles against the shipped declarations', ({ name, runner, types, file, module = 'NodeNext' }) => {
  let project: E2eProject | undefined
  beforeAll(async () => {
    project = await E2eProject.create(runner, {
      'package.json': JSON.stringify({ name: 'types-user', private: true, ...(module === 'NodeNext' ? { type: 'module' } : {}) }),
      'tsconfig.json': tsconfig(types, module),
      'user.test.ts': file,
    })
  }, 300_000)
  afterAll(async () => {
    await project?.remove()
  })

  test.each(COMPILERS)(`with TypeScript $version, strict, ${module}`, { timeout: 300_000 }, async ({ tsc }) => {
    const result = await run(process.execPath, [tsc, '-p', project!.dir], { cwd: project!.dir }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? '' }),
    )
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })
})
