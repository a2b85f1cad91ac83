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
    // Why: the README's accept command is the one printed, which accepts this test file's drift alone.
    const accept = Object.values(failures).map((message) => /To accept it deliberately: (npx .+? -u)\b/.exec(message)?.[1])
    expect(new Set(accept).size, accept.join('\n')).toBe(1)
    expect(readme).toContain(accept[0])
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
  expect(Object.keys(specs).sort()).toEqual(['ai-sdk-consumer', 'client-config-lock', 'consumer-driven', 'jest-stdio', 'langchain-consumer', 'mastra-consumer', 'mock-consumer', 'python-host-consumer', 'vitest-in-memory'])
})

/** The folder whose node_modules holds the agent frameworks (scripts/install-framework-tests.sh). */
const FRAMEWORKS = join(ROOT, 'test', 'frameworks')

/** What a provider change the consumer relies on breaks: the server's source edited, and the report's lines that say so. */
interface Breakage {
  edit: [string, string]
  report: RegExp
}

/** Dropping `temperature`, which the card's own code reads: observed where the recorder sees the code's reads. */
const DROPPED_READ: Breakage = { edit: ['temperature: z.number(), ', ''], report: /weather-agent[\s\S]*tool get_weather · 1 breaking\n +breaking +output-field-removed +output temperature\n/ }

const FRAMEWORK_EXAMPLES: { example: string; files: string[]; breakage: Breakage }[] = [
  {
    example: 'ai-sdk-consumer',
    files: ['package.json', 'vitest.config.js', 'src/weather-server.js', 'src/weather-card.js', 'test/weather-card.consumer.test.js', 'test/weather.provider.test.js', 'contracts/weather-agent.mcp-consumer.json'],
    breakage: DROPPED_READ,
  },
  {
    example: 'langchain-consumer',
    files: ['package.json', 'vitest.config.js', 'src/weather-server.js', 'src/weather-card.js', 'test/weather-card.consumer.test.js', 'test/weather.provider.test.js', 'contracts/weather-agent.mcp-consumer.json'],
    breakage: DROPPED_READ,
  },
  {
    example: 'mastra-consumer',
    files: ['package.json', 'vitest.config.js', 'src/weather-server.js', 'src/weather-card.js', 'test/weather-card.consumer.test.js', 'test/weather.provider.test.js', 'contracts/weather-agent.mcp-consumer.json'],
    breakage: DROPPED_READ,
  },
]

describe.each(FRAMEWORK_EXAMPLES)('examples/$example, copied as a user would, on the real framework', ({ example, files, breakage }) => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('consumer and provider pass as shipped, the consumer recording the committed contract; the provider fails naming what the consumer relies on when it changes it, and passes without a tool the consumer never calls', { timeout: 300_000 }, async () => {
    const copied: Record<string, string> = {}
    for (const file of files) copied[file] = await readFile(join(ROOT, 'examples', example, file), 'utf8')
    const project = await E2eProject.create('vitest', copied, FRAMEWORKS)
    projects.push(project)

    const shipped = await project.run([], { CI: 'true' })
    expect(shipped.code, shipped.output).toBe(0)
    expect(shipped.report.numPassedTests).toBe(2)
    expect((await project.read('contracts/weather-agent.mcp-consumer.json'))?.toString()).toBe(copied['contracts/weather-agent.mcp-consumer.json'])

    const server = copied['src/weather-server.js']
    await project.write('src/weather-server.js', server.replace(/  server\.registerTool\('get_alerts'[\s\S]*?\n  \}\)\)\n/, ''))
    const withoutAlerts = await project.run(['test/weather.provider.test.js'], { CI: 'true' })
    expect(withoutAlerts.code, withoutAlerts.output).toBe(0)

    expect(server).toContain(breakage.edit[0])
    await project.write('src/weather-server.js', server.replace(...breakage.edit))
    const broken = await project.run(['test/weather.provider.test.js'], { CI: 'true' })
    expect(broken.code).toBe(1)
    expect(project.failures(broken)['the weather server still serves every consumer']).toMatch(breakage.report)
  })
})

/** A command's exit code and its stdout and stderr together, run in `dir` with a user's minimal environment. */
async function runIn(dir: string, command: string, args: string[]): Promise<{ code: number; stdout: string; output: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, LANG: 'C.UTF-8', NO_COLOR: '1' }
  return run(command, args, { cwd: dir, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, output: `${stdout}${stderr}` }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof error.code === 'number' ? error.code : 1, stdout: error.stdout ?? '', output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  )
}

describe('examples/python-host-consumer, copied as a user would: a standard-library Python host starting its mcpServers entry, which runs the server through record', () => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('the agent writes the committed contract through the proxy; verify passes as shipped, fails naming a renamed argument, and passes without a tool the agent never calls', { timeout: 300_000 }, async () => {
    const CONTRACT = 'contracts/py-agent.mcp-consumer.json'
    const copied: Record<string, string> = {}
    for (const file of ['package.json', 'mcp.json', 'agent.py', 'src/weather-server.js', CONTRACT]) copied[file] = await readFile(join(ROOT, 'examples', 'python-host-consumer', file), 'utf8')
    const committed = copied[CONTRACT]
    // Why a stale contract (another city): the agent's run must replace it with what the agent did.
    const project = await E2eProject.create('vitest', { ...copied, [CONTRACT]: committed.replace('Melbourne', 'Sydney') })
    projects.push(project)

    const agent = await runIn(project.dir, 'npm', ['run', '--silent', 'consumer'])
    expect(agent, agent.output).toMatchObject({ code: 0, stdout: 'Melbourne: 22 °C, Sunny\n' })
    expect((await project.read(CONTRACT))?.toString()).toBe(committed)

    const provider = () => runIn(project.dir, 'npm', ['run', '--silent', 'provider'])
    expect((await provider()).code).toBe(0)
    const server = copied['src/weather-server.js']
    await project.write('src/weather-server.js', server.replace(/  server\.registerTool\('get_alerts'[\s\S]*?\n  \}\)\)\n/, ''))
    expect((await provider()).code).toBe(0)
    await project.write('src/weather-server.js', server.replace('inputSchema: { city: z.string() }', 'inputSchema: { location: z.string() }'))
    const renamed = await provider()
    expect(renamed.code).toBe(1)
    expect(renamed.output).toMatchInlineSnapshot(`
      "consumer  file                                  verdict
      py-agent  contracts/py-agent.mcp-consumer.json  breaks (1 change)

      py-agent (contracts/py-agent.mcp-consumer.json):
        output reads were not all observed when this contract was recorded (from the wire by mcp-contract record, or through a client that copies each result before the consumer's code reads it, as the SDK's Client does under recordTransport), so a field the code reads may change unseen; for an SDK Client, record with recordConsumer(client) instead
        tool get_weather · 1 breaking, 1 routing
          breaking  consumer-example-rejected   location
              py-agent sends {"city":"Melbourne"}, which is now refused (location is required (perhaps renamed from city)); the consumer makes this call today, and the server now rejects it
          routing   consumer-tool-text-changed
              texts changed since py-agent recorded them (the recorded digest differs); no call breaks, but the agent reads these texts to choose the tool and fill its arguments
        2 changes · 1 breaking · 1 routing — fails at risky and above

      1 of 1 consumer breaks
      "
    `)
    // Why: the README shows this failure; keep its excerpt the output users will really see.
    const readme = await readFile(join(ROOT, 'examples', 'python-host-consumer', 'README.md'), 'utf8')
    for (const line of renamed.output.split('\n').filter((line) => /^ {2,}\S/.test(line))) expect(readme).toContain(line.trim())
  })
})

describe('examples/client-config-lock, copied as a user would: the servers of its .mcp.json checked against the committed lock', () => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('check --lock passes as shipped; a change no agent uses passes, one the agent uses fails as the README shows; lock NAME accepts it', { timeout: 300_000 }, async () => {
    const example = join(ROOT, 'examples', 'client-config-lock')
    const copied: Record<string, string> = {}
    for (const file of ['package.json', '.mcp.json', 'servers/weather.js', '.claude/agents/forecaster.md', 'mcp-contract.lock.json']) copied[file] = await readFile(join(example, file), 'utf8')
    const readme = await readFile(join(example, 'README.md'), 'utf8')
    const project = await E2eProject.create('vitest', copied)
    projects.push(project)
    const check = () => runIn(project.dir, 'npm', ['run', '--silent', 'check'])
    /** The lines of the README's first plain block after `from` that the output lacks: a block that drifts from the output fails. */
    const shown = (output: string, from: string) => {
      const block = /^```\n([\s\S]*?)^```$/m.exec(readme.slice(readme.indexOf(from)))?.[1] ?? 'no block'
      return block.split('\n').filter((line) => line.trim() !== '' && !output.includes(line))
    }

    const shipped = await check()
    expect(shipped.code, shipped.output).toBe(0)
    expect(shown(shipped.stdout, 'npm run check      #')).toEqual([])
    expect(readme).toContain('npm run check')

    const server = copied['servers/weather.js']!
    await project.write('servers/weather.js', server.replace("'get_alerts',", "'get_weather_alerts',"))
    const unused = await check()
    expect(unused.code, unused.output).toBe(0)
    expect(shown(unused.stdout, 'still passes:')).toEqual([])

    const renamed = server.replace("inputSchema: { city: z.string().describe('City name')", "inputSchema: { location: z.string().describe('City name')")
    expect(renamed).not.toBe(server)
    await project.write('servers/weather.js', renamed)
    const used = await check()
    expect(used.code, used.output).toBe(1)
    expect(shown(used.stdout, '(exit 1):')).toEqual([])
    expect((await project.read('mcp-contract.lock.json'))?.toString()).toBe(copied['mcp-contract.lock.json'])

    const accepted = await runIn(project.dir, 'npx', ['mcp-contract', 'lock', 'weather'])
    expect(accepted.code, accepted.output).toBe(0)
    expect(readme).toContain('npx mcp-contract lock weather')
    expect((await check()).code).toBe(0)
  })
})
