#!/usr/bin/env bash
# Installs the agent frameworks the framework tests run against (test/frameworks: the Vercel AI
# SDK, LangChain, Mastra, about 370 MB) from their own lockfile, kept out of the main install so
# that `npm ci` stays lean for everything else. Runs again only when that lockfile changed.
set -euo pipefail
cd "$(dirname "$0")/../test/frameworks"
# Why a stamp written last: an install cut short must not pass for a finished one next time.
if ! cmp -s package-lock.json node_modules/.installed-from.lock 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-from.lock
fi
