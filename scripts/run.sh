#!/bin/sh
# Runs a TypeScript entry point (npm run dev / sandbox / screenshots): scripts/run.sh <entry.ts> [args…]
# On a fresh clone (no node_modules yet) it installs the dev dependencies first, so these commands work
# without a separate `npm install`.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/ts-node ]; then
	echo "[run] node_modules is missing: npm install --no-audit --no-fund"
	started=$(date +%s)
	npm install --no-audit --no-fund
	echo "[run] npm install: $(($(date +%s) - started)) s"
fi
entry=$1
shift
exec node_modules/.bin/ts-node --transpile-only "$entry" "$@"
