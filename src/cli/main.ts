#!/usr/bin/env node
import { runCli } from './run-cli.js'

void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
}).then((code) => {
  process.exitCode = code
})
