#!/usr/bin/env bash
# `npm test`: every check, in order of how fast it fails. ESLint, Prettier, tsc and vue-tsc run on
# one core each, so the lint (then the build) and the type-check go side by side on two cores; the
# unit tests and Playwright each use every core and run alone after them. A job's output is
# printed whole when it ends, and any failure fails the run, after both jobs have finished.
set -uo pipefail
cd "$(dirname "$0")/.."

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

lane() {
  local name=$1
  shift
  (
    for script in "$@"; do npm run "$script" || exit 1; done
  ) >"$logs/$name" 2>&1
}

lane lint lint build &
lint_pid=$!
lane check check &
check_pid=$!

failed=()
wait "$lint_pid" || failed+=("lint/build")
cat "$logs/lint"
wait "$check_pid" || failed+=("check")
cat "$logs/check"
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi

set -e
npm run test:unit
npm run test:e2e
