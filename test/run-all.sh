#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
# Runs all stages even when one fails, then prints one summary line and exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf test-results && mkdir -p test-results/logs
failed=()
stage() {
  local name=$1; shift
  local t0=$(date +%s)
  echo; echo "=== $name"
  local log="test-results/logs/${name//[^a-zA-Z0-9]/-}.log"
  # Each stage's output is kept too: summary.mjs repeats why a stage failed at the end, where CI shows it.
  # A stage has STAGE_LIMIT seconds at most (35 min; a quiet run takes 1-10, a busy one up to 25): a test
  # that hangs (a synchronous loop never reaches vitest's own timeout) fails its stage, not the CI run.
  local limit=${STAGE_LIMIT:-2100}
  timeout --kill-after=60 "$limit" "$@" 2>&1 | tee "$log"
  local code=${PIPESTATUS[0]}
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then echo "Error: stage stopped after $limit s: a test hangs?" | tee -a "$log"; fi
  if [ "$code" -eq 0 ]; then echo "=== $name: ok ($(( $(date +%s) - t0 ))s)"; else failed+=("$name"); echo "=== $name: FAILED ($(( $(date +%s) - t0 ))s)"; fi
}
stage typecheck npm run -s typecheck
stage lint npm run -s lint
stage "dead code" npm run -s knip
stage "unit, data, web and infra tests" npx vitest run --project unit --project data --project web --project infra \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-fast.json
# The integration tests record every /api call and answer (test/support/contract-record.ts); the
# contract check then validates each against docs/openapi.json (tools/contract/check.ts).
stage "integration tests" env CONTRACT_RECORD=test-results/contract npx vitest run --project integration \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration.json
stage "API contract" npm run -s contract -- test-results/contract
stage "web build" npm run -s build:web
# Every benchmark at its smallest size: fails only when one cannot run (test/bench/smoke.sh).
stage "bench smoke" test/bench/smoke.sh
stage "browser tests" npx playwright test -c test/e2e/playwright.config.ts
# The same suites once more, served by the Lambda bundles the CDK deploys instead of the source
# (docs/local-aws.md, "Lambda code"). The 1M-order feed stays on source: it measures the memory
# of the stack process, and on the bundles the job runs in a process of its own.
stage "integration tests on the bundles" env LAMBDA_CODE=bundled npx vitest run --project integration \
  --exclude test/integration/order-feed-1m.test.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration-bundled.json
stage "browser tests on the bundles" env LAMBDA_CODE=bundled E2E_REPORT=e2e-bundled.json npx playwright test -c test/e2e/playwright.config.ts
node test/summary.mjs "${failed[@]}"
