import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { startHttpCatalog } from '../support/http-catalog.js'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'
import { xmlProblem } from '../support/well-formed-xml.js'

const catalog = fixture('catalog.js')
let dir: string
let contract: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-cli-'))
  contract = join(dir, 'mcp-contract.json')
})

async function snapshotCatalog(variant = 'v1') {
  const run = await runCliProcess(['snapshot', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: variant } })
  expect(run, run.stderr).toMatchObject({ code: 0 })
  return run
}

describe('snapshot and check', () => {
  test('snapshot records the server; recording it again gives byte-identical text', async () => {
    const run = await snapshotCatalog()
    expect(run.stdout).toBe(`recorded 5 tools, 1 prompt, 2 resources, 1 resource template to ${contract}\n`)
    const first = await readFile(contract, 'utf8')
    await snapshotCatalog()
    expect(await readFile(contract, 'utf8')).toBe(first)
    expect(JSON.parse(first)).toMatchObject({ format: 1, server: { name: 'catalog', title: 'Product catalog' } })
  })

  test('an unchanged server passes with exit 0', async () => {
    await snapshotCatalog()
    const run = await runCliProcess(['check', '--contract', contract, '--', 'node', catalog])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe('no changes — passes (fails at risky and above)\n')
  })

  test('a drifted server fails with exit 1 and a classified report', async () => {
    await snapshotCatalog()
    const before = await readFile(contract, 'utf8')
    const run = await runCliProcess(['check', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
    expect(await readFile(contract, 'utf8')).toBe(before)
  })

  test('FORCE_COLOR=1 colours the text report, NO_COLOR wins over it, and json never has colour', async () => {
    await snapshotCatalog()
    const args = ['check', '--contract', contract, '--', 'node', catalog]
    const colored = await runCliProcess(args, { env: { CATALOG_VARIANT: 'v2', NO_COLOR: '', FORCE_COLOR: '1' } })
    expect(colored.code).toBe(1)
    expect(colored.stdout).toContain('\u001b[')
    expect(colored.stdout).toMatchSnapshot()
    const plain = await runCliProcess(args, { env: { CATALOG_VARIANT: 'v2', NO_COLOR: '1', FORCE_COLOR: '1' } })
    expect(plain.stdout).toBe(colored.stdout.replace(/\u001b\[\d+m/g, ''))
    const json = await runCliProcess(['check', '--format', 'json', ...args.slice(1)], { env: { CATALOG_VARIANT: 'v2', NO_COLOR: '', FORCE_COLOR: '1' } })
    expect(json.stdout).not.toContain('\u001b[')
  })

  test('--format json prints the stable report object', async () => {
    await snapshotCatalog()
    const run = await runCliProcess(['check', '--format', 'json', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout)
    expect(Object.keys(report)).toEqual(['ok', 'failOn', 'summary', 'changes', 'notRecorded', 'version'])
    expect(report).toMatchObject({ ok: false, failOn: 'risky' })
    expect(report.changes).toContainEqual(
      expect.objectContaining({ kind: 'argument-now-required', severity: 'breaking', entity: 'tool', name: 'parse_catalog', direction: 'input', path: 'pages' }),
    )
    expect(report.changes).toContainEqual(expect.objectContaining({ kind: 'tool-removed', severity: 'breaking', name: 'legacy_export', path: '' }))
    expect(report.changes).toContainEqual(
      expect.objectContaining({ kind: 'hint-reversed', severity: 'breaking', name: 'get_product', before: true, after: false }),
    )
    expect(report.changes).toContainEqual(expect.objectContaining({ kind: 'tool-description-changed', severity: 'routing', name: 'search_products' }))
    expect(report.changes).toContainEqual(expect.objectContaining({ kind: 'tool-added', severity: 'additive', name: 'bulk_import' }))
    for (const change of report.changes) expect(typeof change.message).toBe('string')
  })

  test('--fail-on breaking passes routing-only drift; --strict fails it', async () => {
    await snapshotCatalog()
    const text = JSON.parse(await readFile(contract, 'utf8'))
    text.server.instructions = 'Old instructions.'
    await writeFile(contract, JSON.stringify(text))
    const lenient = await runCliProcess(['check', '--fail-on', 'breaking', '--contract', contract, '--', 'node', catalog])
    expect(lenient.code).toBe(0)
    const strict = await runCliProcess(['check', '--strict', '--contract', contract, '--', 'node', catalog])
    expect(strict.code).toBe(1)
    expect(strict.stdout).toContain('server-instructions-changed')
  })

  test('markdown and junit formats', async () => {
    await snapshotCatalog()
    const markdown = await runCliProcess(['check', '--format', 'markdown', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(markdown.stdout).toMatchSnapshot()
    const junit = await runCliProcess(['check', '--format', 'junit', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(junit.code).toBe(1)
    expect(xmlProblem(junit.stdout)).toBeUndefined()
    expect(junit.stdout).toMatchSnapshot()
  })

  test('sarif: one rule per change kind, one result per change (as github and junit list them), levels by severity, at the changed argument\'s line in the contract', async () => {
    await snapshotCatalog()
    const text = await readFile(contract, 'utf8')
    const run = await runCliProcess(['check', '--format', 'sarif', '--contract', 'mcp-contract.json', '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' }, cwd: dir })
    expect(run.code).toBe(1)
    const log = JSON.parse(run.stdout)
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(log).toMatchObject({ version: '2.1.0', runs: [{ tool: { driver: { name: 'mcp-contract', version } } }] })
    const [{ tool, results }] = log.runs
    expect(tool.driver.rules.map((rule: { id: string }) => rule.id)).toContain('argument-now-required')
    // Why no URL: the package has no public page, and SARIF wants absolute ones; the help is carried whole.
    expect(JSON.stringify(log)).not.toMatch(/helpUri|informationUri|unpkg|npmjs/)
    expect(tool.driver.rules.find((rule: { id: string }) => rule.id === 'argument-now-required').help.text).toMatchInlineSnapshot(`
      "What argument-now-required does to a caller:
      breaking: every call that omitted it is now rejected
      additive: readers already handled the field being present
      Every change kind: docs/rules.md in the mcp-contract package."
    `)
    const lines = text.split('\n')
    for (const result of results) {
      expect(tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId)
      const { name } = result.locations[0].logicalLocations[0]
      const line = lines[result.locations[0].physicalLocation.region.startLine - 1]
      const path = String(result.properties.path ?? '')
      // Why: an entity the contract does not record yet (a tool added) has no line of its own.
      if (!text.includes(`"name": ${JSON.stringify(name)}`)) expect(result.locations[0].physicalLocation.region.startLine).toBe(1)
      // Why the schema's line as well: an argument the contract does not record yet (one added) has no line of its own.
      else expect(line).toMatch(path === '' ? `"name": ${JSON.stringify(name)}` : new RegExp(`${JSON.stringify(path.split(/\.|\[\]\.?/).filter(Boolean).at(-1))}: |"(input|output)Schema": `))
    }
    const github = await runCliProcess(['check', '--format', 'github', '--contract', 'mcp-contract.json', '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' }, cwd: dir })
    const githubLines = github.stdout.split('\n').filter(Boolean)
    expect(results.map((result: { level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }) => `${result.level === 'note' ? 'notice' : result.level} line=${result.locations[0].physicalLocation.region.startLine}`)).toEqual(
      githubLines.map((line) => `${/^::(\w+)/.exec(line)?.[1]} line=${/,line=(\d+),/.exec(line)?.[1]}`),
    )
    expect(results.map((result: { ruleId: string; level: string; message: { text: string }; locations: { physicalLocation: unknown }[] }) => [result.ruleId, result.level, result.message.text, result.locations[0].physicalLocation])).toMatchSnapshot()
  })

  test('github: workflow commands at the changed line, and the markdown report in the job summary', async () => {
    await snapshotCatalog()
    const summary = join(dir, 'summary.md')
    const run = await runCliProcess(['check', '--format', 'github', '--contract', 'mcp-contract.json', '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2', GITHUB_STEP_SUMMARY: summary }, cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
    expect(run.stdout.split('\n').filter(Boolean).every((line) => /^::(error|warning|notice) file=mcp-contract\.json,line=\d+,title=[^:]+::/.test(line))).toBe(true)
    expect(await readFile(summary, 'utf8')).toContain('### MCP contract: fails')
  })
})

describe('show and diff', () => {
  test('show --format json prints the contract text and writes nothing', async () => {
    const run = await runCliProcess(['show', '--format', 'json', '--', 'node', catalog], { cwd: dir })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ format: 1, tools: expect.any(Array) })
    expect(await readdir(dir)).toEqual([])
  })

  test('show prints a readable surface', async () => {
    const run = await runCliProcess(['show', '--', 'node', catalog])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('search_products')
    // Why: hints and task support are printed only where they differ from the spec defaults, as in the snapshot.
    expect(run.stdout).toContain('    tool get_product\n      title: "Get product"\n      description: "Fetch one product by SKU."\n      hints: readOnlyHint=true, openWorldHint=false\n      input: object\n')
    expect(run.stdout).toContain('    tool legacy_export\n      description: "Export the whole catalog as CSV (deprecated)."\n      input: object\n')
    expect(run.stdout).not.toMatch(/destructiveHint=true|taskSupport: "forbidden"/)
  })

  test('diff compares two contract files', async () => {
    await snapshotCatalog('v1')
    const v2 = join(dir, 'v2.json')
    const run = await runCliProcess(['snapshot', '--contract', v2, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(run.code).toBe(0)
    const diff = await runCliProcess(['diff', contract, v2])
    expect(diff.code).toBe(1)
    expect(diff.stdout).toContain('argument-now-required')
    expect(await runCliProcess(['diff', contract, contract])).toMatchObject({ code: 0 })
  })
})

describe('Streamable HTTP', () => {
  test('--url with --bearer checks an HTTP server; a missing token is a clear error', async () => {
    const { url, stop } = await startHttpCatalog({ REQUIRE_BEARER: 'sesame' })
    try {
      const recorded = await runCliProcess(['snapshot', '--contract', contract, '--url', url, '--bearer', 'sesame'])
      expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
      const stdio = await runCliProcess(['check', '--contract', contract, '--', 'node', catalog])
      expect(stdio.code).toBe(0)
      const viaHeader = await runCliProcess(['check', '--contract', contract, '--url', url, '--header', 'Authorization: Bearer sesame'])
      expect(viaHeader.code).toBe(0)
      const denied = await runCliProcess(['check', '--contract', contract, '--url', url])
      expect(denied.code).toBe(2)
      expect(denied.stdout).toBe('')
      expect(scrub(denied.stderr)).toMatchSnapshot()
    } finally {
      stop()
    }
  })
})

describe('pagination', () => {
  test('a server that serves 5 pages gives the same contract as one that serves 1', async () => {
    const one = join(dir, 'one.json')
    const five = join(dir, 'five.json')
    expect(await runCliProcess(['snapshot', '--contract', one, '--', 'node', fixture('paged.js')], { env: { PAGES: '1' } })).toMatchObject({ code: 0 })
    expect(await runCliProcess(['snapshot', '--contract', five, '--', 'node', fixture('paged.js')], { env: { PAGES: '5' } })).toMatchObject({ code: 0 })
    const text = await readFile(one, 'utf8')
    expect(await readFile(five, 'utf8')).toBe(text)
    expect(JSON.parse(text).tools).toHaveLength(12)
  })
})

describe('expected failures: exit 2, one clear message, contract untouched', () => {
  let recorded: string
  beforeEach(async () => {
    await snapshotCatalog()
    recorded = await readFile(contract, 'utf8')
  })

  test.each([
    { title: 'server crashes at start', server: 'crash-at-start.js', timeout: '5000' },
    { title: 'server hangs at initialize', server: 'hang-at-initialize.js', timeout: '500' },
    { title: 'server hangs on a list', server: 'hang-on-list.js', timeout: '500' },
    { title: 'server loops on a cursor', server: 'cursor-loop.js', timeout: '5000' },
    { title: 'prompts/list fails with an internal error', server: 'prompts-internal-error.js', timeout: '5000' },
    { title: 'server exits mid-capture', server: 'exit-mid-capture.js', timeout: '5000' },
  ])('$title', async ({ server, timeout }) => {
    for (const command of ['check', 'snapshot']) {
      const run = await runCliProcess([command, '--timeout', timeout, '--contract', contract, '--', 'node', fixture(server)])
      expect(run.code, `${command}: ${run.stderr}`).toBe(2)
      expect(run.stdout).toBe('')
      expect(run.stderr).not.toMatch(/\n\s+at /)
      expect(scrub(run.stderr, { [contract]: '<contract>' })).toMatchSnapshot(command)
      expect(await readFile(contract, 'utf8')).toBe(recorded)
    }
    expect(await readdir(dir)).toEqual(['mcp-contract.json'])
  })

  test.each([
    { title: 'contract file is not JSON', text: '{ "format": 1, "tools": [' },
    { title: 'contract file is from a newer format', text: '{ "format": 7, "server": { "capabilities": {} } }\n' },
    { title: 'contract file has a tool of the wrong shape', text: '{ "format": 1, "server": { "capabilities": {} }, "tools": [{ "name": "echo" }] }\n' },
    { title: 'contract file has null capabilities', text: '{ "format": 1, "server": { "capabilities": null } }\n' },
    { title: 'contract file is a text file with a secret', text: 'API_KEY=hunter2\n' },
    { title: 'contract file nests 10,000 levels deep', text: `{ "format": 1, "server": { "capabilities": ${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)} } }\n` },
  ])('$title', async ({ text }) => {
    await writeFile(contract, text)
    const run = await runCliProcess(['check', '--contract', contract, '--', 'node', catalog])
    expect(run.code).toBe(2)
    expect(run.stderr).not.toMatch(/\n\s+at /)
    expect(run.stderr).not.toContain('hunter2')
    expect(scrub(run.stderr, { [contract]: '<contract>' })).toMatchSnapshot()
    expect(await readFile(contract, 'utf8')).toBe(text)
  })

  test.each([
    { title: 'no command', args: [] },
    { title: 'unknown command', args: ['certify', '--', 'node', 'x.js'] },
    { title: 'no server', args: ['check'] },
    { title: 'bad --fail-on', args: ['check', '--fail-on', 'severe', '--', 'node', 'x.js'] },
    { title: 'bad --timeout', args: ['check', '--timeout', 'soon', '--', 'node', 'x.js'] },
    { title: '--timeout longer than setTimeout can wait', args: ['check', '--timeout', '99999999999999', '--', 'node', 'x.js'] },
    { title: '--timeout in hexadecimal', args: ['check', '--timeout', '0x10', '--', 'node', 'x.js'] },
    { title: '--timeout with an exponent', args: ['check', '--timeout', '1e3', '--', 'node', 'x.js'] },
    { title: 'unknown option', args: ['check', '--colour', '--', 'node', 'x.js'] },
    { title: 'option spelled wrong', args: ['check', '--formt', 'json', '--', 'node', 'x.js'] },
    { title: 'command spelled wrong', args: ['chek', '--', 'node', 'x.js'] },
    { title: 'server command without --, with options of its own', args: ['show', 'npx', '-y', '@modelcontextprotocol/server-memory'] },
    { title: 'server command without --', args: ['show', 'node', 'server.js'] },
    { title: 'an option with no value', args: ['check', '--format'] },
    { title: '--url with a password', args: ['show', '--url', 'http://admin:hunter2@127.0.0.1:9/mcp'] },
    { title: '--url too broken to parse, with a password', args: ['show', '--url', 'http://admin:hunter2@127.0.0.1:99999999/mcp'] },
    { title: 'an option pact export does not know, after its files', args: ['pact', 'export', 'f.json', '--output', 'd'] },
    { title: 'an option near one only another command takes', args: ['check', '--foo', '--', 'node', 'x.js'] },
    { title: 'an unknown option with no command: no near name another command takes', args: ['--foo'] },
    { title: 'an option snapshot does not take', args: ['snapshot', '--format', 'json', '--', 'node', 'x.js'] },
    { title: 'an option mock does not take', args: ['mock', '--strict'] },
    { title: 'an option diff does not take', args: ['diff', 'a.json', 'b.json', '--timeout', '5'] },
  ])('usage error: $title', async ({ args }) => {
    const run = await runCliProcess(args, { cwd: dir })
    expect(run.code).toBe(2)
    expect(run.stderr).not.toContain('hunter2')
    // Why the whole stderr: a usage error is its one line and where the help is, not the full usage.
    expect(run.stderr.split('\n')).toHaveLength(3)
    expect(run.stderr).toMatchSnapshot()
    expect(await readFile(contract, 'utf8')).toBe(recorded)
  })
})

describe('help and version', () => {
  test.each([
    { title: 'general help', args: ['--help'] },
    { title: 'check --help', args: ['check', '--help'] },
    { title: 'diff --help', args: ['diff', '--help'] },
    { title: 'verify --help', args: ['verify', '--help'] },
    { title: 'mock -h', args: ['mock', '-h'] },
  ])('$title prints to stdout and exits 0', async ({ args }) => {
    const run = await runCliProcess(args)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatchSnapshot()
  })

  test('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    for (const flag of ['--version', '-v']) expect(await runCliProcess([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
  })

  test('help <command> and version work as in npm and git', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(await runCliProcess(['version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    expect(await runCliProcess(['help', 'check'])).toEqual(await runCliProcess(['check', '--help']))
    expect(await runCliProcess(['help'])).toEqual(await runCliProcess(['--help']))
  })
})

describe('external $ref is never fetched or read', () => {
  test('http, file:// and relative references are listed under not recorded; the rest is recorded', async () => {
    const { createServer } = await import('node:http')
    let requests = 0
    const listener = createServer((_, res) => {
      requests += 1
      res.end(JSON.stringify({ type: 'string', description: 'FETCHED-OVER-HTTP' }))
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const port = (listener.address() as { port: number }).port
    const refFile = join(dir, 'order.json')
    await writeFile(refFile, JSON.stringify({ type: 'string', description: 'READ-FROM-FILE' }))
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'schemas'))
    await writeFile(join(dir, 'schemas', 'order.json'), JSON.stringify({ definitions: { Order: { type: 'string', description: 'READ-RELATIVE' } } }))
    const env = { REF_URL: `http://127.0.0.1:${port}/order.json`, REF_FILE: refFile }
    try {
      const snapshot = await runCliProcess(['snapshot', '--contract', contract, '--', 'node', fixture('external-refs.js')], { env, cwd: dir })
      expect(snapshot, snapshot.stderr).toMatchObject({ code: 0 })
      const text = await readFile(contract, 'utf8')
      expect(text).not.toMatch(/FETCHED-OVER-HTTP|READ-FROM-FILE|READ-RELATIVE/)
      const recorded = JSON.parse(text)
      expect(recorded.tools.map((tool: { name: string }) => tool.name)).toEqual(['local_file', 'plain', 'relative', 'remote'])
      const check = await runCliProcess(['check', '--contract', contract, '--', 'node', fixture('external-refs.js')], { env, cwd: dir })
      expect(check.code).toBe(0)
      expect(scrub(check.stdout, { [String(port)]: '<port>', [dir]: '<dir>' })).toMatchSnapshot()
      const json = await runCliProcess(['check', '--format', 'json', '--contract', contract, '--', 'node', fixture('external-refs.js')], { env, cwd: dir })
      const places = JSON.parse(json.stdout).notRecorded as { name: string; path: string }[]
      expect(places.map((place) => `${place.name} ${place.path}`).sort()).toEqual(['local_file order', 'relative order', 'remote order'])
      expect(requests).toBe(0)
    } finally {
      listener.close()
    }
  })
})

describe('SIGINT and SIGTERM close the server that was started', () => {
  test.each([
    { signal: 'SIGINT' as const, code: 130 },
    { signal: 'SIGTERM' as const, code: 143 },
  ])('$signal to a snapshot waiting on a server that never answers initialize (and ignores SIGTERM): exit $code, server gone', async ({ signal, code }) => {
    const { spawn } = await import('node:child_process')
    const { CLI } = await import('../support/run-cli-process.js')
    const { isRunning } = await import('../capture/fixture-servers.js')
    const pidFile = join(dir, 'server.pid')
    const child = spawn(process.execPath, [CLI, 'snapshot', '--timeout', '60000', '--contract', contract, '--', 'node', fixture('hostile.js')], {
      env: { ...process.env, HOSTILE: 'silent-start', HOSTILE_PID_FILE: pidFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const exited = new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)))
    let serverPid = 0
    for (let waited = 0; serverPid === 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      serverPid = Number(await readFile(pidFile, 'utf8').catch(() => '0'))
    }
    expect(serverPid).toBeGreaterThan(0)
    const started = Date.now()
    child.kill(signal)
    expect(await exited).toBe(code)
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(isRunning(serverPid)).toBe(false)
    expect(stderr).toMatchSnapshot()
    expect(await readdir(dir)).toEqual(['server.pid'])
  })
})

describe('a hostile server', () => {
  test.each([
    { title: 'a schema nested 1,500 levels deep', mode: 'deep' },
    { title: 'capabilities nested 2,000 levels deep', mode: 'deep-capabilities' },
    { title: 'a reply over the 64 MiB message limit', mode: 'flood-reply' },
  ])('$title: exit 2 with one clear message, no stack', async ({ mode }) => {
    const run = await runCliProcess(['show', '--', 'node', fixture('hostile.js')], { env: { HOSTILE: mode } })
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).not.toMatch(/\n\s+at |unexpected error/)
    expect(scrub(run.stderr)).toMatchSnapshot()
  })
})
