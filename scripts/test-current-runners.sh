#!/usr/bin/env bash
# Runs the end-to-end, type and CLI suites the way users starting a project today run them:
# Vitest 5.1 and Jest 30 on Node 22 and on Node 24 (npm test covers Node 20, Vitest 4.1, Jest 30),
# and the framework tests (test/frameworks) against the frameworks' newest majors, which need
# Node 22 (test/frameworks-current).
# The toolchain (test/e2e/toolchains/current) is installed outside the repository, so a user
# project there resolves nothing from the repository's own node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
toolchain="${MCP_CONTRACT_TOOLCHAIN:-${TMPDIR:-/tmp}/mcp-contract-toolchain-current}"
lock=test/e2e/toolchains/current/package-lock.json
mkdir -p "$toolchain"
# Why a stamp written last: an install cut short must not pass for a finished one next time.
if ! cmp -s "$lock" "$toolchain/installed-from.lock"; then
  cp test/e2e/toolchains/current/package.json "$lock" "$toolchain/"
  (cd "$toolchain" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$lock" "$toolchain/installed-from.lock"
fi
bash scripts/install-framework-tests.sh test/frameworks-current
# Why `--install`: CI installs the toolchain while the main suite runs, then runs this again.
[ "${1:-}" = "--install" ] && exit 0
# Why only now: npm test installs test/frameworks itself, and two installs of one folder must not overlap.
bash scripts/install-framework-tests.sh test/frameworks
npm run build --silent
npx tsc -p test/frameworks-current/tsconfig.json
suites=(test/e2e/vitest-matchers.test.ts test/e2e/jest-matchers.test.ts test/e2e/never-silent.test.ts test/e2e/types.test.ts test/docs/readme-snippets.test.ts test/cli test/capture/process-tree.test.ts)
for version in ${NODE_VERSIONS:-22 24}; do
  node="$toolchain/node_modules/node-$version/bin/node"
  echo "── Node $("$node" --version), Vitest 5.1, Jest 30"
  MCP_CONTRACT_TOOLCHAIN="$toolchain" "$node" node_modules/vitest/vitest.mjs run "${suites[@]}"
  echo "── Node $("$node" --version), the newest majors of the AI SDK and Mastra"
  "$node" node_modules/vitest/vitest.mjs run --config test/frameworks-current/vitest.config.ts
done
