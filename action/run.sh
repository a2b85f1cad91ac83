#!/usr/bin/env bash
# The GitHub Action's one step: runs `mcp-contract check` with the action's inputs, and on a pull
# request posts the markdown report as a comment when asked. The job fails when the check fails.
# MCP_CONTRACT_BIN runs a given CLI instead of the published one (the test suite points it at dist/).
set -uo pipefail
cli=(${MCP_CONTRACT_BIN:-npx --yes "mcp-contract@${INPUT_VERSION:-latest}"})
target=()
if [ -n "${INPUT_URL:-}" ] && [ -n "${INPUT_COMMAND:-}" ]; then
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
options=(--contract "${INPUT_CONTRACT:-mcp-contract.json}" --fail-on "${INPUT_FAIL_ON:-risky}")
"${cli[@]}" check "${options[@]}" --format "${INPUT_FORMAT:-github}" "${target[@]}"
code=$?
if [ "${INPUT_COMMENT:-false}" = "true" ] && [ "${GITHUB_EVENT_NAME:-}" = "pull_request" ] && [ "$code" -ne 2 ]; then
  body="${RUNNER_TEMP:-/tmp}/mcp-contract-comment.md"
  GITHUB_STEP_SUMMARY= "${cli[@]}" check "${options[@]}" --format markdown "${target[@]}" > "$body"
  pr=$(jq -r .pull_request.number "$GITHUB_EVENT_PATH")
  gh pr comment "$pr" --body-file "$body" || echo "::warning title=mcp-contract::could not comment on pull request $pr (does the job have pull-requests: write?)"
fi
exit "$code"
