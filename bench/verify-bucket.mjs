// Budget (issue: contracts travel): `mcp-contract verify --consumers s3://bucket/prefix` of 20
// consumer contracts costs at most 1.3× `verify --consumers DIR` of the same files. Both run as the
// CLI does in CI (a fresh `node dist/cli.cjs` process, the server started over stdio), interleaved;
// the bucket is a real S3-compatible server (s3rver) on 127.0.0.1, so the S3 client's load, the
// listing and the 20 reads are in the bucket's time.
// Run: npm run build && node bench/verify-bucket.mjs [contracts=20] [runs=11]
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import S3rver from 's3rver'

const count = Number(process.argv[2] ?? 20)
const runs = Number(process.argv[3] ?? 11)
const root = fileURLToPath(new URL('..', import.meta.url))
const cli = join(root, 'dist/cli.cjs')
const shop = join(root, 'test/fixtures/servers/shop.js')
const template = JSON.parse(await readFile(join(root, 'examples/consumer-driven/contracts/checkout-agent.mcp-consumer.json'), 'utf8'))

const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-bench-bucket-'))
const s3dir = join(dir, 's3')
await mkdir(join(dir, 'contracts'))
await mkdir(s3dir)
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: 'bench-contracts' }] })
const { port } = await server.run()
const env = { ...process.env, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true' }

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))))
  })
}

try {
  const files = []
  for (let i = 0; i < count; i++) {
    const file = `contracts/agent-${String(i).padStart(2, '0')}.mcp-consumer.json`
    await writeFile(join(dir, file), `${JSON.stringify({ ...template, consumer: `agent-${String(i).padStart(2, '0')}` }, null, 2)}\n`)
    files.push(file)
  }
  await run(['publish', ...files, '--to', 's3://bench-contracts/ci', '--consumer-version', '1.0.0', '--provider', 'shop'])
  const folder = ['verify', '--consumers', 'contracts', '--', process.execPath, shop]
  const bucket = ['verify', '--consumers', 's3://bench-contracts/ci/shop', '--', process.execPath, shop]
  const a = await run(folder)
  const b = await run(bucket)
  if (!a.includes(`all ${count} consumers still served`) || !b.includes(`all ${count} consumers still served`)) throw new Error(`the runs did not verify ${count} consumers:\n${a}\n${b}`)
  const folderTimes = []
  const bucketTimes = []
  for (let i = 0; i < runs; i++) {
    let start = performance.now()
    await run(folder)
    folderTimes.push(performance.now() - start)
    start = performance.now()
    await run(bucket)
    bucketTimes.push(performance.now() - start)
  }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]
  console.log(`${count} contracts, ${runs} runs: folder median ${median(folderTimes).toFixed(0)} ms, bucket median ${median(bucketTimes).toFixed(0)} ms`)
  console.log(`ratio bucket/folder: ${(median(bucketTimes) / median(folderTimes)).toFixed(3)} (budget 1.30)`)
} finally {
  await server.close()
  await rm(dir, { recursive: true, force: true })
}
