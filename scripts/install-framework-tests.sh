#!/usr/bin/env bash
# Installs the agent frameworks the framework tests run against, each folder from its own lockfile,
# kept out of the main install so that `npm ci` stays lean for everything else: test/frameworks
# (the default: the Vercel AI SDK, LangChain, Mastra at the majors that run on Node 20, about
# 370 MB) and test/frameworks-current (their newest majors, for Node 22 and 24, about 190 MB).
# A folder is installed again only when its lockfile changed.
set -euo pipefail
cd "$(dirname "$0")/.."
for dir in "${@:-test/frameworks}"; do
  # Why a stamp written last: an install cut short must not pass for a finished one next time.
  if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.installed-from.lock" 2>/dev/null; then
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$dir/package-lock.json" "$dir/node_modules/.installed-from.lock"
  fi
done
