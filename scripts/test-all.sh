#!/usr/bin/env bash
# `npm test`: every check, in order of how fast it fails. The build, the lint and the type-check
# go side by side (ESLint, Prettier, tsc, vue-tsc and Vite each use one core); then the unit tests
# and Playwright, each on every core, one after the other: run beside Playwright, the unit tests
# took three times as long, Playwright gained nothing (the two cores were 92 % busy), and the
# timed abuse test (a table keeps moving under a flood) failed for want of a core.
# A job's output is printed whole when it ends, with how long it took; any failure fails the run.
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
finish lint "$lint_pid"
finish check "$check_pid"

for suite in unit e2e; do
  [ ${#failed[@]} -eq 0 ] || break
  t0=$SECONDS
  npm run "test:$suite" || failed+=("$suite")
  echo "npm test: $suite took $((SECONDS - t0)) s"
done

echo "npm test: $((SECONDS - started)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi
