#!/usr/bin/env bash
# `npm test`: every check CI runs, in order, stopping at the first failure. Each stage prints a
# banner; test runners write JSON reports to .tmp/reports/, and scripts/test-summary.ts prints
# per-stage counts and timings, ending with the line "N passed, N failed" that CI reads.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REPORTS=.tmp/reports
STAGES=$REPORTS/stages.tsv
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
: >"$STAGES"

now_ms() { echo $(($(date +%s%N) / 1000000)); }

finish() {
  local rc=$1
  echo
  # The summary needs tsx; if even npm ci failed, still print the line CI reads.
  if ! node --import tsx scripts/test-summary.ts "$STAGES"; then
    echo "0 passed, 1 failed"
    [ "$rc" -ne 0 ] || rc=1
  fi
  exit "$rc"
}

# stage NAME REPORT_FILE COMMAND... (REPORT_FILE is "-" for stages without a test report).
# Runs in this shell, so a stage may export variables for the later ones.
stage() {
  local name=$1 report=$2
  shift 2
  printf '\n==== %s ====\n' "$name"
  local start rc elapsed
  start=$(now_ms)
  "$@"
  rc=$?
  elapsed=$(($(now_ms) - start))
  printf '%s\t%s\t%s\t%s\n' "$name" "$rc" "$elapsed" "$report" >>"$STAGES"
  if [ "$rc" -ne 0 ]; then
    printf '\n==== FAILED: %s (exit %s after %s ms) ====\n' "$name" "$rc" "$elapsed"
    finish "$rc"
  fi
  printf '==== ok: %s (%s ms) ====\n' "$name" "$elapsed"
}

# The generated API types must be committed up to date with openapi/portal.yaml.
generated_api_is_current() {
  npm run --silent gen:api || return
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git --no-pager diff --exit-code openapi/portal.gen.ts ||
      { echo "openapi/portal.gen.ts is stale: run npm run gen:api and commit it" >&2; return 1; }
  else
    echo "not a git work tree: skipping the up-to-date check of openapi/portal.gen.ts"
  fi
}

start_postgres() {
  TEST_DATABASE_URL=$(bash scripts/start-postgres.sh) || return
  [ -n "$TEST_DATABASE_URL" ] || { echo "start-postgres.sh printed no URL" >&2; return 1; }
  export TEST_DATABASE_URL
  echo "PostgreSQL at ${TEST_DATABASE_URL/:mailpulse@/:***@}"
}

# vitest_project PROJECT REPORT_NAME [VAR=value...]: one Vitest project with console output
# plus a JSON report, under the given environment.
vitest_project() {
  local project=$1 report=$2
  shift 2
  env "$@" npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/$report.json"
}

stage "install test dependencies" - bash scripts/install-test-deps.sh
if [ ! -d node_modules ]; then
  stage "npm ci" - npm ci
fi
stage "generated API types" - generated_api_is_current
stage "lint" - npm run --silent lint
stage "typecheck" - npm run --silent typecheck
stage "unit tests" "$REPORTS/unit.json" vitest_project unit unit
stage "server tests (PGlite)" "$REPORTS/server-pglite.json" \
  vitest_project server server-pglite TEST_DB=pglite
stage "start PostgreSQL" - start_postgres
stage "server tests (PostgreSQL)" "$REPORTS/server-postgres.json" \
  vitest_project server server-postgres TEST_DB=postgres TEST_DATABASE_URL="$TEST_DATABASE_URL"
stage "build" - npm run --silent build
stage "browser tests" "$REPORTS/browser.json" \
  env PLAYWRIGHT_JSON_OUTPUT="$REPORTS/browser.json" npx playwright test
finish 0
