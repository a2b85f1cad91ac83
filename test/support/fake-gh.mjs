#!/usr/bin/env node
// A stand-in for `gh api` over a repository's issues, kept in the JSON file FAKE_GH_ISSUES:
// GET (with --paginate and --jq, run through the real jq), POST and PATCH of issues and comments.
// Each call is logged, one line, to FAKE_GH_LOG. The GitHub API is not reachable from tests.
import { execFileSync } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'

const args = process.argv.slice(2)
const store = process.env.FAKE_GH_ISSUES
appendFileSync(process.env.FAKE_GH_LOG, `${args.map((arg) => arg.replace(/body=@\S+/, 'body=@<file>')).join(' ')}\n`)
const issues = JSON.parse(readFileSync(store, 'utf8'))
const option = (name) => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}
const fields = {}
args.forEach((arg, index) => {
  if (arg !== '-f' && arg !== '-F') return
  const [key, ...rest] = args[index + 1].split('=')
  const value = rest.join('=')
  fields[key] = arg === '-F' && value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value
})
const method = option('--method') ?? 'GET'
const path = args.find((arg) => arg.startsWith('repos/'))
if (method === 'GET') {
  const open = issues.filter((issue) => issue.state === 'open')
  process.stdout.write(execFileSync('jq', ['-r', option('--jq')], { input: JSON.stringify(open) }))
} else if (method === 'POST' && /\/issues$/.test(path)) {
  issues.push({ number: issues.length + 1, state: 'open', title: fields.title, body: fields.body, comments: [] })
} else if (method === 'POST' && /\/comments$/.test(path)) {
  issues.find((issue) => issue.number === Number(path.split('/').at(-2))).comments.push(fields.body)
} else if (method === 'PATCH') {
  Object.assign(issues.find((issue) => issue.number === Number(path.split('/').at(-1))), fields)
}
writeFileSync(store, JSON.stringify(issues, null, 2))
