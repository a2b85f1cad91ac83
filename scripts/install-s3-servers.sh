#!/usr/bin/env bash
# Installs the second S3-compatible server the bucket tests run against (fauxqs, with the Node 22
# it needs) outside the repository, from test/e2e/toolchains/s3-servers; s3rver, the first, is a
# dev dependency. The tests find it in MCP_CONTRACT_S3_SERVERS, default ${TMPDIR:-/tmp}/mcp-contract-s3-servers.
set -euo pipefail
cd "$(dirname "$0")/.."
servers="${MCP_CONTRACT_S3_SERVERS:-${TMPDIR:-/tmp}/mcp-contract-s3-servers}"
lock=test/e2e/toolchains/s3-servers/package-lock.json
mkdir -p "$servers"
# Why a stamp written last: an install cut short must not pass for a finished one next time.
if ! cmp -s "$lock" "$servers/installed-from.lock"; then
  cp test/e2e/toolchains/s3-servers/package.json "$lock" "$servers/"
  (cd "$servers" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$lock" "$servers/installed-from.lock"
fi
