#!/usr/bin/env bash
# `npm test`: every check CI runs, stopping at the first failure. Each stage prints a banner;
# test runners write JSON reports to .tmp/reports/, and scripts/test-summary.ts prints per-stage
# counts, wall and CPU times, ending with the line "N passed, N failed" that CI reads.
#
# It runs on Node 22 or later: when the machine's Node is older, on Node 24 LTS from a cache
# folder (scripts/node-24.sh). Stages that leave a core idle share the machine: PostgreSQL
# starts, the build, the typecheck, both halves of lint (ESLint is one thread) and the browser
# tests' seeded database run beside the unit tests; then the server tests on PostgreSQL, on
# PGlite and the browser tests each have the machine in turn (run side by side, they slowed each
# other more than they gained). A background stage's output is printed whole when the run waits
# for it, never interleaved.
set -uo pipefail
export LC_ALL=C
cd "$(dirname "${BASH_SOURCE[0]}")/.."

REPORTS=.tmp/reports
STAGES=$REPORTS/stages.tsv
LOGS=$REPORTS/logs
rm -rf "$REPORTS"
mkdir -p "$LOGS"
: >"$STAGES"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
RUN_START=$(now_ms)

# 1m2.345s → 62345
seconds_to_ms() {
  local minutes=${1%%m*} seconds=${1#*m}
  seconds=${seconds%s}
  echo $((10#$minutes * 60000 + 10#${seconds%.*} * 1000 + 10#${seconds#*.}))
}

# CPU time (user + system, ms) of the child processes this shell has waited for so far.
children_cpu_ms() {
  local file=$LOGS/.times.$BASHPID _user _sys user sys
  times >"$file" # a builtin with a redirection runs in this shell, not in a subshell
  { read -r _user _sys; read -r user sys; } <"$file"
  rm -f "$file"
  echo $(($(seconds_to_ms "$user") + $(seconds_to_ms "$sys")))
}

finish() {
  local rc=$1
  # A failed stage must not leave background stages running.
  local pid
  for pid in $(jobs -p); do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  echo
  # The summary needs tsx; if even npm ci failed, still print the line CI reads.
  if ! node --import tsx scripts/test-summary.ts "$STAGES" "$(($(now_ms) - RUN_START))"; then
    echo "0 passed, 1 failed"
    [ "$rc" -ne 0 ] || rc=1
  fi
  exit "$rc"
}
trap 'finish 130' INT TERM

# record NAME EXIT_CODE START_MS REPORT CPU_MS: one row of the summary's table (name, exit code,
# wall ms, report or "-", CPU ms, start ms after the run began), and the stage's last banner.
record() {
  local name=$1 rc=$2 start=$3 report=$4 cpu=$5 elapsed
  elapsed=$(($(now_ms) - start))
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$rc" "$elapsed" "$report" "$cpu" \
    "$((start - RUN_START))" >>"$STAGES"
  if [ "$rc" -ne 0 ]; then
    printf '\n==== FAILED: %s (exit %s after %s ms) ====\n' "$name" "$rc" "$elapsed"
  else
    printf '==== ok: %s (%s ms, %s ms CPU) ====\n' "$name" "$elapsed" "$cpu"
  fi
}

# run_stage NAME REPORT_FILE COMMAND...: runs one stage and returns its exit code. The command
# runs in a subshell of its own, whose children's CPU time is the stage's alone (this shell's
# also grows whenever a background stage ends).
run_stage() {
  local name=$1 report=$2
  shift 2
  printf '\n==== %s ====\n' "$name"
  local start rc cpu_file=$LOGS/.cpu.$BASHPID
  start=$(now_ms)
  (
    "$@"
    rc=$?
    children_cpu_ms >"$cpu_file"
    exit "$rc"
  )
  rc=$?
  record "$name" "$rc" "$start" "$report" "$(cat "$cpu_file" 2>/dev/null || echo 0)"
  rm -f "$cpu_file"
  return "$rc"
}

# stage NAME REPORT_FILE COMMAND...: a stage in the foreground; the run stops if it fails.
stage() {
  run_stage "$@" || finish $?
}

# stage_start NAME REPORT_FILE COMMAND...: a stage in the background (its own process group, so
# a failure elsewhere can stop all of it); its output goes to a log that stage_wait prints.
declare -A BACKGROUND=()
log_of() { echo "$LOGS/${1//[^A-Za-z0-9]/_}.log"; }
stage_start() {
  local name=$1
  set -m
  (run_stage "$@") >"$(log_of "$name")" 2>&1 &
  set +m
  BACKGROUND[$name]=$!
}

# stage_wait NAME...: waits for background stages, prints their output, and stops the run at the
# first that failed (after printing all of them).
stage_wait() {
  local name failed=0 rc
  for name in "$@"; do
    wait "${BACKGROUND[$name]}"
    rc=$?
    cat "$(log_of "$name")"
    [ "$rc" -eq 0 ] || [ "$failed" -ne 0 ] || failed=$rc
  done
  [ "$failed" -eq 0 ] || finish "$failed"
}

# Every Node process of the run (test workers, servers the tests start, the CLI, tsc, eslint)
# keeps V8's compiled code here, so the many short-lived processes skip most of the compiling.
# Node 22.1 and later read it; older Node ignores it.
export NODE_COMPILE_CACHE=$PWD/.tmp/node-compile-cache

use_node_22_or_later() {
  local bin
  bin=$(bash scripts/node-24.sh) || return
  if [ -n "$bin" ]; then
    export PATH="$bin:$PATH"
    # npm run-script children read NODE; it still names the Node that started `npm test`.
    export NODE="$bin/node"
  fi
  echo "node $(node -v) at $(command -v node)"
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

# Written by the background stage, read once it is done (a subshell cannot export to this one).
PG_URL_FILE=$REPORTS/.postgres-url
start_postgres() {
  local url
  url=$(bash scripts/start-postgres.sh) || return
  [ -n "$url" ] || { echo "start-postgres.sh printed no URL" >&2; return 1; }
  echo "$url" >"$PG_URL_FILE"
  echo "PostgreSQL at ${url/:mailpulse@/:***@}"
}

# vitest_run REPORT_NAME [VAR=value...] -- VITEST_ARGS...: a Vitest run with console output plus
# a JSON report, under the given environment.
vitest_run() {
  local report=$1
  shift
  local vars=()
  while [ "$1" != -- ]; do vars+=("$1"); shift; done
  shift
  env "${vars[@]}" npx vitest run "$@" \
    --reporter=default --reporter=json --outputFile.json="$REPORTS/$report.json"
}

# The browser tests' seeded database (a first server start: migrations, 90 days of demo mail,
# their statistics), made ahead; Playwright's global set-up uses it instead of making its own.
BROWSER_TEMPLATE=.tmp/browser/template-db
browser_template() {
  node --import tsx test/browser/support/make-template.ts "$BROWSER_TEMPLATE"
}

# The server tests: all of them on PostgreSQL, then on PGlite those whose subject is the embedded
# database or that must hold on both (docs/testing.md#which-server-tests-run-on-pglite). PGlite
# runs the same PostgreSQL, compiled to WebAssembly, at about three times PostgreSQL's CPU for the
# same test. Each run has the machine to itself: PostgreSQL's mostly waits (for the database,
# sockets, child processes), so four workers keep both cores busy; PGlite's computes, so two do.
pglite_scope() {
  printf '%s\n' test/server/db/ test/server/backup/ test/server/release/ test/server/seed/ \
    test/server/cli/ test/server/health/ test/server/contract/ \
    test/server/main.test.ts pglite.test.ts kill.test.ts
  grep -o 'test/server/[A-Za-z0-9/._-]*\.test\.ts' docs/security.md
}
pglite_server_tests() {
  local scope
  mapfile -t scope < <(pglite_scope | sort -u)
  vitest_run server-pglite TEST_DB=pglite -- --project server "${scope[@]}"
}

# Not a stage subshell: the PATH it sets is for every later stage.
printf '\n==== Node 22 or later ====\n'
node_start=$(now_ms)
use_node_22_or_later
node_rc=$?
record "Node 22 or later" "$node_rc" "$node_start" - 0
[ "$node_rc" -eq 0 ] || finish "$node_rc"
stage "install test dependencies" - bash scripts/install-test-deps.sh
if [ ! -d node_modules ]; then
  stage "npm ci" - npm ci
fi
stage_start "start PostgreSQL" - start_postgres
stage_start "build" - npm run --silent build
stage "generated API types" - generated_api_is_current
stage_start "typecheck" - npm run --silent typecheck
stage_start "lint: ESLint" - npm run --silent lint:code
stage_start "lint: format, exports, file names" - npm run --silent lint:files
stage_wait build
stage_start "browser database" - browser_template
stage "unit tests" "$REPORTS/unit.json" vitest_run unit -- --project unit --project logic
stage_wait typecheck "lint: ESLint" "lint: format, exports, file names" "start PostgreSQL" \
  "browser database"
TEST_DATABASE_URL=$(cat "$PG_URL_FILE")
export TEST_DATABASE_URL
stage "server tests (PostgreSQL)" "$REPORTS/server-postgres.json" \
  vitest_run server-postgres TEST_DB=postgres -- --project server --maxWorkers=4
stage "server tests (PGlite)" "$REPORTS/server-pglite.json" pglite_server_tests
# Alone on the machine (three workers, playwright.config.ts).
stage "browser tests" "$REPORTS/browser.json" \
  env PLAYWRIGHT_JSON_OUTPUT="$REPORTS/browser.json" BROWSER_TEMPLATE_READY="$BROWSER_TEMPLATE" \
  npx playwright test
finish 0
