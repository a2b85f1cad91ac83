import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { E2eProject, type Runner } from './support/e2e-project.js'
import { ROOT } from './support/packed-package.js'

const run = promisify(execFile)

const EXAMPLES: { example: string; runner: Runner; files: string[]; server: string; drift: [string, string]; records: string[] }[] = [
  {
    example: 'vitest-in-memory',
    runner: 'vitest',
    files: ['package.json', 'tsconfig.json', 'vitest.config.ts', 'src/server.ts', 'test/server.test.ts', 'mcp-contract.json', 'test/__snapshots__/server.test.ts.snap'],
    server: 'src/server.ts',
    drift: [".optional().describe('Due date, YYYY-MM-DD')", ".describe('Due date, YYYY-MM-DD')"],
    records: ['mcp-contract.json', 'test/__snapshots__/server.test.ts.snap'],
  },
  {
    example: 'jest-stdio',
    runner: 'jest',
    files: ['package.json', 'jest.config.js', 'server.mjs', 'server.test.js', 'mcp-contract.json', '__snapshots__/server.test.js.snap'],
    server: 'server.mjs',
    drift: ["city: z.string().describe('City name')", "location: z.string().describe('City name')"],
    records: ['mcp-contract.json', '__snapshots__/server.test.js.snap'],
  },
]

/** tsc's complaints about the project (empty when it type-checks). */
async function typeCheck(dir: string): Promise<string> {
  return run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { cwd: dir }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? 'tsc failed',
  )
}

describe.each(EXAMPLES)('examples/$example, copied as a user would', ({ example, runner, files, server, drift, records }) => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('passes as shipped, fails classified on the drift its README describes, and -u accepts it', { timeout: 600_000 }, async () => {
    const copied: Record<string, string> = {}
    for (const file of files) copied[file] = await readFile(join(ROOT, 'examples', example, file), 'utf8')
    const project = await E2eProject.create(runner, copied)
    projects.push(project)

    const shipped = await project.run([], { CI: 'true' })
    expect(shipped.code, shipped.output).toBe(0)
    // Why: a TypeScript example is type-checked as its own tsconfig says, the matchers typed by its `types` entry alone.
    if (copied['tsconfig.json'] !== undefined) expect(await typeCheck(project.dir)).toBe('')

    await project.write(server, copied[server].replace(drift[0], drift[1]))
    const drifted = await project.run([])
    expect(drifted.code).toBe(1)
    const failures = project.failures(drifted)
    expect(Object.keys(failures).sort()).toEqual(['the MCP surface has not drifted', 'the server honors its published contract'])
    expect(failures).toMatchSnapshot()
    // Why: the README shows this failure; keep its excerpt the output users will really see.
    const readme = await readFile(join(ROOT, 'examples', example, 'README.md'), 'utf8')
    const report = Object.values(failures)[0].split('\n').filter((line) => /^\s{2,}\S|^(tool|prompt|resource|template|server)\b.* · \d+ /.test(line))
    for (const line of report) expect(readme).toContain(line.trim())
    for (const record of records) expect((await project.read(record))?.toString()).toBe(copied[record])

    expect((await project.run(['-u'])).code).toBe(0)
    expect((await project.run([], { CI: 'true' })).code).toBe(0)
  })
})

test('every example installs mcp-contract from this repository, so `npm install` works before the package is published', async () => {
  const examples = (await readdir(join(ROOT, 'examples'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  const specs: Record<string, string | undefined> = {}
  for (const example of examples) {
    const manifest = await readFile(join(ROOT, 'examples', example, 'package.json'), 'utf8').catch(() => undefined)
    if (manifest === undefined) continue
    const { dependencies = {}, devDependencies = {} } = JSON.parse(manifest) as Record<string, Record<string, string> | undefined>
    const spec = devDependencies['mcp-contract'] ?? dependencies['mcp-contract']
    specs[example] = spec
    expect(spec, example).toMatch(/^file:/)
    const target = resolve(ROOT, 'examples', example, spec!.slice('file:'.length))
    expect(JSON.parse(await readFile(join(target, 'package.json'), 'utf8'))).toMatchObject({ name: 'mcp-contract' })
  }
  expect(Object.keys(specs).sort()).toEqual(['ai-sdk-consumer', 'consumer-driven', 'jest-stdio', 'langchain-consumer', 'mock-consumer', 'vitest-in-memory'])
})

/** The folder whose node_modules holds the agent frameworks (scripts/install-framework-tests.sh). */
const FRAMEWORKS = join(ROOT, 'test', 'frameworks')

const FRAMEWORK_EXAMPLES: { example: string; files: string[] }[] = [
  {
    example: 'ai-sdk-consumer',
    files: ['package.json', 'vitest.config.js', 'src/weather-server.js', 'src/weather-card.js', 'test/weather-card.consumer.test.js', 'test/weather.provider.test.js', 'contracts/weather-agent.mcp-consumer.json'],
  },
  {
    example: 'langchain-consumer',
    files: ['package.json', 'vitest.config.js', 'src/weather-server.js', 'src/weather-card.js', 'test/weather-card.consumer.test.js', 'test/weather.provider.test.js', 'contracts/weather-agent.mcp-consumer.json'],
  },
]

describe.each(FRAMEWORK_EXAMPLES)('examples/$example, copied as a user would, on the real framework', ({ example, files }) => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('consumer and provider pass as shipped; the provider fails naming a field the consumer reads when it drops it, and passes without a tool the consumer never calls', { timeout: 300_000 }, async () => {
    const copied: Record<string, string> = {}
    for (const file of files) copied[file] = await readFile(join(ROOT, 'examples', example, file), 'utf8')
    const project = await E2eProject.create('vitest', copied, FRAMEWORKS)
    projects.push(project)

    const shipped = await project.run([], { CI: 'true' })
    expect(shipped.code, shipped.output).toBe(0)
    expect(shipped.report.numPassedTests).toBe(2)

    const server = copied['src/weather-server.js']
    await project.write('src/weather-server.js', server.replace(/  server\.registerTool\('get_alerts'[\s\S]*?\n  \}\)\)\n/, ''))
    const withoutAlerts = await project.run(['test/weather.provider.test.js'], { CI: 'true' })
    expect(withoutAlerts.code, withoutAlerts.output).toBe(0)

    await project.write('src/weather-server.js', server.replace('temperature: z.number(), ', ''))
    const withoutTemperature = await project.run(['test/weather.provider.test.js'], { CI: 'true' })
    expect(withoutTemperature.code).toBe(1)
    expect(project.failures(withoutTemperature)['the weather server still serves every consumer']).toMatch(/weather-agent[\s\S]*tool get_weather · 1 breaking\n +breaking +output-field-removed +output temperature\n/)
  })
})
