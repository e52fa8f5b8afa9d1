#!/bin/sh
# npm run test:all: every check CI makes, in CI's order, each step timed. Installs first on a fresh clone.
set -eu
cd "$(dirname "$0")/.."
. scripts/installIfMissing.sh

step() {
	echo "== $1"
	shift
	step_started=$(date +%s)
	"$@"
	echo "== done in $(($(date +%s) - step_started)) s"
}

step "lint: n8n's community-node rules, strict" npm run lint --silent
step "type-check: nodes, sandbox, tools, scripts, tests, e2e, bench" npm run typecheck --silent
step "n8n's verification scan (builds first)" npm run scan --silent
step "jest: unit and integration tests against the sandbox" npm test --silent
step "e2e: a real n8n 2.41.1, regular and queue mode" npm run test:e2e --silent
step "e2e smoke on n8n 1.99.1, 1.123.81 and 2.41.1 on Node 24, and 2.41.1 on Node 26 (README, Compatibility)" npm run test:e2e:compat --silent
