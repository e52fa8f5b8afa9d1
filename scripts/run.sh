#!/bin/sh
# Runs a TypeScript entry point (npm run dev / sandbox / screenshots): scripts/run.sh <entry.ts> [args…]
set -eu
cd "$(dirname "$0")/.."
. scripts/installIfMissing.sh
entry=$1
shift
exec node_modules/.bin/ts-node --transpile-only "$entry" "$@"
