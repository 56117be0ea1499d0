#!/usr/bin/env bash
# Runs a command with a Node new enough for wrangler (package.json "engines"), so that `npm start`
# and `npm test` work on a machine whose Node is older:
#
#   bash scripts/node24.sh <command> [args…]   runs the command with such a Node first on PATH
#   . scripts/node24.sh                         (sourced, as .ci/run does) puts it on this shell's PATH
#
# When the running Node is too old, Node 24 comes from the npm registry (the package `node@24`
# carries the binary) into $CARDROOM_TOOLS (default ~/.cache/cardroom-tools), once.

cardroom_node24() {
  local root required tools
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # The lowest version package.json accepts (">=22.12"), so the check and the engines field agree.
  required="$(sed -n 's/.*"node": *">= *\([0-9][0-9.]*\)".*/\1/p' "$root/package.json" | head -n 1)"
  required="${required:-22.12}"
  if command -v node >/dev/null 2>&1 && node -e '
    const want = process.argv[1].split(".").map(Number), have = process.versions.node.split(".").map(Number);
    for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== (want[i] ?? 0)) process.exit((have[i] ?? 0) > (want[i] ?? 0) ? 0 : 1);
  ' "$required"; then
    return 0
  fi

  tools="${CARDROOM_TOOLS:-$HOME/.cache/cardroom-tools}"
  local bin="$tools/node24/node_modules/node/bin"
  if [ ! -x "$bin/node" ]; then
    echo "node $(node --version 2>/dev/null || echo missing) is older than the $required this project needs: fetching Node 24 from the npm registry into $tools/node24" >&2
    mkdir -p "$tools/node24"
    npm install --prefix "$tools/node24" --no-audit --no-fund --loglevel=error node@24 >/dev/null || return 1
    [ -x "$bin/node" ] || { echo "scripts/node24.sh: the node@24 package left no $bin/node" >&2; return 1; }
  else
    echo "node $(node --version 2>/dev/null || echo missing) is older than the $required this project needs: using Node $("$bin/node" --version) from $tools/node24" >&2
  fi
  export PATH="$bin:$PATH"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  cardroom_node24
else
  set -euo pipefail
  cardroom_node24
  [ "$#" -gt 0 ] || { echo "usage: bash scripts/node24.sh <command> [args…]" >&2; exit 2; }
  exec "$@"
fi
