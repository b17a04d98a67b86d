#!/usr/bin/env bash
# Runs one test command as N shards side by side: `test/run-shards.sh N command...`, where the
# command's `{i}` becomes the shard's number and `{n}` the count (`--shard={i}/{n}`). Each shard's
# global setup starts its own local stack on claimed free ports (localstack/port-claims.ts) with its
# own seeded DynamoDB Local: shards share no data, so a test sees what it would alone. A stack lane
# waits on its stack or browser more than it computes (about 0.65 of a core): two fill 2 cores.
# Prints each shard's output whole once all have ended; fails when one failed.
set -uo pipefail
n=$1; shift
dir=$(mktemp -d)
pids=()
# A stage stopped at its time limit (test/run-all.sh) stops its shards too.
trap 'kill "${pids[@]}" 2>/dev/null; exit 143' TERM INT
for i in $(seq 1 "$n"); do
  args=()
  for arg in "$@"; do arg=${arg//\{i\}/$i}; args+=("${arg//\{n\}/$n}"); done
  SHARD=$i "${args[@]}" >"$dir/$i.log" 2>&1 &
  pids+=($!)
done
code=0
for i in $(seq 1 "$n"); do
  wait "${pids[$((i - 1))]}" || code=1
done
for i in $(seq 1 "$n"); do
  echo "--- shard $i of $n"
  cat "$dir/$i.log"
done
rm -rf "$dir"
exit $code
