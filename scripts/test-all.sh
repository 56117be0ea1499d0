#!/usr/bin/env bash
# `npm test`: every check. On two cores the work is laid out so no core idles:
#   1. the build, the lint and the type-check side by side (ESLint, Prettier, tsc, vue-tsc and Vite
#      each use one core);
#   2. as soon as the build is done, Playwright starts against it in the background: its tests
#      mostly wait on paced bots, clocks and the network, so the cores have room beside it;
#   3. meanwhile the unit tests run once the lint and the type-check are through.
# A job's output is printed whole when it ends, with how long it took; any failure fails the run
# (after the jobs already started have finished, so every failure is reported).
set -uo pipefail
cd "$(dirname "$0")/.."

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
started=$SECONDS

lane() {
  local name=$1
  shift
  (
    local t0=$SECONDS
    for script in "$@"; do npm run "$script" || exit 1; done
    echo "npm test: $name took $((SECONDS - t0)) s"
  ) >"$logs/$name" 2>&1
}

failed=()
finish() {
  local name=$1 pid=$2
  wait "$pid" || failed+=("$name")
  cat "$logs/$name"
}

lane build build &
build_pid=$!
lane lint lint &
lint_pid=$!
lane check check &
check_pid=$!

finish build "$build_pid"
e2e_pid=
if [ ${#failed[@]} -eq 0 ]; then
  lane e2e test:e2e &
  e2e_pid=$!
fi
finish lint "$lint_pid"
finish check "$check_pid"

if [ ${#failed[@]} -eq 0 ]; then
  t0=$SECONDS
  npm run test:unit || failed+=("unit")
  echo "npm test: unit took $((SECONDS - t0)) s"
fi
[ -n "$e2e_pid" ] && finish e2e "$e2e_pid"

echo "npm test: $((SECONDS - started)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi
