#!/usr/bin/env bash
# The GitHub Action's one step: runs `mcp-contract check` with the action's inputs, and on a pull
# request keeps one comment with the markdown report up to date when asked. In mode lock it runs
# `check --lock` over the client config's servers and, when asked, keeps one issue per server that
# changed (action/lock-issues.sh). The job fails when the check fails.
# Which mcp-contract runs: the project's own (node_modules/.bin, the version its lockfile pins).
# Why no input to fetch a version: mcp-contract is not on the npm registry yet, so a fetch by
# version could not work; a project installs it (from git) like any dev dependency.
# MCP_CONTRACT_BIN runs a given CLI instead (the test suite points it at dist/).
set -uo pipefail
if [ -n "${MCP_CONTRACT_BIN:-}" ]; then
  cli=($MCP_CONTRACT_BIN)
elif [ -x node_modules/.bin/mcp-contract ]; then
  cli=(node_modules/.bin/mcp-contract)
else
  echo "::error title=mcp-contract::mcp-contract is not installed in this project (no node_modules/.bin/mcp-contract in $PWD): install the project's dependencies (npm ci) before this step, with mcp-contract among its devDependencies (npm install -D github:OWNER/mcp-contract)"; exit 2
fi
mode="${INPUT_MODE:-check}"
target=()
if [ "$mode" = "lock" ]; then
  if [ -n "${INPUT_URL:-}" ] || [ -n "${INPUT_COMMAND:-}" ]; then
    echo "::error title=mcp-contract::mode lock checks the servers of the client config and its lock; give it no command or url (name the config with config)"; exit 2
  fi
elif [ "$mode" != "check" ]; then
  echo "::error title=mcp-contract::mode is check or lock, not $mode"; exit 2
elif [ -n "${INPUT_URL:-}" ] && [ -n "${INPUT_COMMAND:-}" ]; then
  echo "::error title=mcp-contract::give the action either command or url, not both"; exit 2
elif [ -n "${INPUT_URL:-}" ]; then
  target=(--url "$INPUT_URL")
elif [ -n "${INPUT_COMMAND:-}" ]; then
  # Why eval: the input is one shell-quoted line, as a user writes it in the workflow file.
  eval "server=($INPUT_COMMAND)"
  target=(-- "${server[@]}")
else
  echo "::error title=mcp-contract::give the action a server: command or url"; exit 2
fi
options=(--fail-on "${INPUT_FAIL_ON:-risky}")
format="${INPUT_FORMAT:-github}"
issuing=false
if [ "$mode" = "lock" ]; then
  options+=(--lock "${INPUT_LOCK:-mcp-contract.lock.json}")
  if [ -n "${INPUT_CONFIG:-}" ]; then options+=(--config "$INPUT_CONFIG"); fi
  # Why JSON when keeping issues: the issues are written from each server's entry; the log shows the markdown.
  if [ "${INPUT_ISSUES:-false}" = "true" ]; then issuing=true; format=json; fi
else
  options+=(--contract "${INPUT_CONTRACT:-mcp-contract.json}")
fi
commenting=false
if [ "${INPUT_COMMENT:-false}" = "true" ] && [ "${GITHUB_EVENT_NAME:-}" = "pull_request" ]; then commenting=true; fi
# Why the report goes through a file of our own: the check runs once, and the markdown it writes
# for the job summary is also the comment's body.
summary="${GITHUB_STEP_SUMMARY:-}"
report="${RUNNER_TEMP:-/tmp}/mcp-contract-report.md"
: > "$report"
json="${RUNNER_TEMP:-/tmp}/mcp-contract-report.json"
if [ "$issuing" = "true" ]; then
  GITHUB_STEP_SUMMARY="$report" "${cli[@]}" check "${options[@]}" --format json "${target[@]}" > "$json"
  code=$?
  cat "$report"
else
  GITHUB_STEP_SUMMARY="$report" "${cli[@]}" check "${options[@]}" --format "$format" "${target[@]}"
  code=$?
fi
if [ -n "$summary" ]; then cat "$report" >> "$summary"; fi
# Why on any exit code with a report: a server that could not be checked (exit 2) is worth its issue too.
if [ "$issuing" = "true" ] && jq -e .servers "$json" > /dev/null 2>&1; then
  bash "$(dirname "${BASH_SOURCE[0]}")/lock-issues.sh" "$json" || echo "::warning title=mcp-contract::could not update the issues of changed servers (does the job have issues: write?)"
fi
if [ "$commenting" = "true" ] && [ "$code" -ne 2 ]; then
  # Why a marker: each run edits the comment it finds by it, so a pull request carries one report.
  marker='<!-- mcp-contract report -->'
  body="${RUNNER_TEMP:-/tmp}/mcp-contract-comment.md"
  { cat "$report"; echo; echo "$marker"; } > "$body"
  pr=$(jq -r .pull_request.number "$GITHUB_EVENT_PATH")
  repo="${GITHUB_REPOSITORY:?}"
  existing=$(gh api --paginate "repos/$repo/issues/$pr/comments" --jq ".[] | select(.body | contains(\"$marker\")) | .id" | tail -n 1)
  if [ -n "$existing" ]; then
    gh api --method PATCH "repos/$repo/issues/comments/$existing" -F "body=@$body" > /dev/null
  else
    gh api --method POST "repos/$repo/issues/$pr/comments" -F "body=@$body" > /dev/null
  fi || echo "::warning title=mcp-contract::could not comment on pull request $pr (does the job have pull-requests: write?)"
fi
exit "$code"
