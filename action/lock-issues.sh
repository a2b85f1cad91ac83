#!/usr/bin/env bash
# Keeps one open issue per server that a `check --lock --format json` report ($1) says changed, was
# not checked, or left or joined the config: found by its marker (<!-- mcp-contract lock: NAME -->),
# created when missing, edited on later runs; closed once the server is unchanged again. Each issue
# says what changed and how to accept it (`mcp-contract lock NAME`), and links the run.
set -uo pipefail
json="$1"
repo="${GITHUB_REPOSITORY:?}"
run="${GITHUB_SERVER_URL:-https://github.com}/$repo/actions/runs/${GITHUB_RUN_ID:-0}"
body="${RUNNER_TEMP:-/tmp}/mcp-contract-issue.md"
# Why one listing: every server's issue is looked up in it, not with a search (GitHub's index lags).
open=$(gh api --paginate "repos/$repo/issues?state=open&per_page=100" --jq '.[] | select(.pull_request == null and .body != null) | select(.body | contains("<!-- mcp-contract lock: ")) | "\(.number)\t\(.body | capture("<!-- mcp-contract lock: (?<name>.+?) -->").name)"') || exit 1
failed=0
while IFS= read -r server; do
  name=$(jq -r .name <<< "$server")
  status=$(jq -r .status <<< "$server")
  issue=$(awk -F '\t' -v name="$name" '$2 == name { print $1; exit }' <<< "$open")
  if [ "$status" = "unchanged" ] || [ "$status" = "disabled" ]; then
    [ -z "$issue" ] && continue
    printf 'This server is %s again as of [this run](%s); closing.\n\n<!-- mcp-contract lock: %s -->\n' "$status" "$run" "$name" > "$body"
    gh api --method POST "repos/$repo/issues/$issue/comments" -F "body=@$body" > /dev/null && gh api --method PATCH "repos/$repo/issues/$issue" -f state=closed > /dev/null || failed=1
    continue
  fi
  jq -r --arg run "$run" '
    def cell: tostring | gsub("\\|"; "\\|") | gsub("\n"; " ");
    "### \(.name): \(.status | gsub("-"; " "))\n\n"
    + (if .headline then "\(.headline)\n\n" else "" end)
    + (if .message then "\(.message)\n\n" else "" end)
    + (if ((.changes // []) | length) > 0 then
        "| severity | change | where | what |\n| --- | --- | --- | --- |\n"
        + ((.changes | map("| \(.severity) | \(.kind) | \(.entity) \(.name)\(if (.path // "") != "" then " → \(.path)" else "" end) | \(.message | cell) |")) | join("\n"))
        + "\n\n"
      else "" end)
    + "Seen by [this run](\($run)) of `mcp-contract check --lock`. If the change is wanted, accept it with `npx mcp-contract lock \(.name)` and commit the lock file; this issue closes on the next run that finds the server unchanged.\n\n<!-- mcp-contract lock: \(.name) -->\n"
  ' <<< "$server" > "$body"
  title="mcp-contract: $name $(tr '-' ' ' <<< "$status")"
  if [ -n "$issue" ]; then
    gh api --method PATCH "repos/$repo/issues/$issue" -f "title=$title" -F "body=@$body" > /dev/null || failed=1
  else
    gh api --method POST "repos/$repo/issues" -f "title=$title" -F "body=@$body" > /dev/null || failed=1
  fi
done < <(jq -c '.servers[]' "$json")
exit "$failed"
