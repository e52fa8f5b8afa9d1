#!/bin/sh
# Runs a TypeScript entry point (npm run dev / sandbox / screenshots): scripts/run.sh <entry.ts> [args…]
set -eu
cd "$(dirname "$0")/.."
# When the command started, in ms: npm run dev's banner counts from here, the install below included.
TYLT_LAUNCHED_AT_MS=$(date +%s%3N)
export TYLT_LAUNCHED_AT_MS
. scripts/installIfMissing.sh
entry=$1
shift
exec node_modules/.bin/ts-node --transpile-only "$entry" "$@"
