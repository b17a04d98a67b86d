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
  # Each stage's output is kept too: summary.mjs repeats why a stage failed at the end, where CI shows it.
  if "$@" 2>&1 | tee "test-results/logs/${name//[^a-zA-Z0-9]/-}.log"; then echo "=== $name: ok ($(( $(date +%s) - t0 ))s)"; else failed+=("$name"); echo "=== $name: FAILED ($(( $(date +%s) - t0 ))s)"; fi
}
stage typecheck npm run -s typecheck
stage lint npm run -s lint
stage "dead code" npm run -s knip
stage "unit, data, web and infra tests" npx vitest run --project unit --project data --project web --project infra \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-fast.json
stage "integration tests" npx vitest run --project integration \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-integration.json
stage "web build" npm run -s build:web
stage "browser tests" npx playwright test -c test/e2e/playwright.config.ts
# The same suites once more, served by the Lambda bundles the CDK deploys instead of the source
# (docs/local-aws.md, "Lambda code"). The 1M-order feed stays on source: it measures the memory
# of the stack process, and on the bundles the job runs in a process of its own.
stage "integration tests on the bundles" env LAMBDA_CODE=bundled npx vitest run --project integration \
  --exclude test/integration/order-feed-1m.test.ts --reporter=default
stage "browser tests on the bundles" env LAMBDA_CODE=bundled npx playwright test -c test/e2e/playwright.config.ts --reporter=list
node test/summary.mjs "${failed[@]}"
