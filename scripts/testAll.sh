#!/bin/sh
# npm run test:all: every check CI makes, in CI's order, each step timed. Installs first on a fresh clone.
#
# The n8n runtimes the e2e steps need (tools/n8n/provision.sh: the default n8n 2.41.1 on Node 24, then the
# compat smoke's), and queue mode's Redis and PostgreSQL, are installed in the background from the start, at
# low priority (nice), while lint, type-check, scan and jest run: on a fresh clone they take minutes
# that would otherwise come after jest. The e2e steps wait until the background is done, so that no install
# competes with a real n8n for the 2 cores (the e2e files time real workflows); each still provisions its
# runtime itself (provision.sh reuses it), so a background failure shows up again in the foreground, with the
# same error. The background is stopped when this script ends, however it ends.
set -eu
cd "$(dirname "$0")/.."
. scripts/installIfMissing.sh

all_started=$(date +%s)
step() {
	echo "== $1"
	shift
	step_started=$(date +%s)
	"$@"
	echo "== done in $(($(date +%s) - step_started)) s"
}

mkdir -p .cache
runtimes_log=.cache/test-all-runtimes.log
# setsid: its own process group, so the trap below stops the whole tree (npm, node-gyp, apt-get). (No "--"
# before the group: dash's kill takes none.)
setsid nice -n 10 sh -c '
	started=$(date +%s)
	tools/n8n/provision.sh
	echo "[queue mode] Redis and PostgreSQL (apt-get when missing)"
	node_modules/.bin/ts-node --transpile-only --project tsconfig.json -e "
		const { ensureQueueDependencies } = require(\"./tools/n8n/services\");
		const found = ensureQueueDependencies({ log: (line) => console.log(\"[queue mode] \" + line) });
		console.log(\"[queue mode] \" + found.redisServer + \", \" + found.postgresBin);"
	sh scripts/testE2eCompat.sh --provision-only
	echo "[runtimes] all in place: $(($(date +%s) - started)) s"
' >"$runtimes_log" 2>&1 &
runtimes_pid=$!
trap 'kill -TERM "-$runtimes_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM

background() {
	status=0
	wait "$runtimes_pid" || status=$?
	cat "$runtimes_log"
	return "$status"
}

step "lint: n8n's community-node rules, strict" npm run lint --silent
step "type-check: nodes, sandbox, tools, scripts, tests, e2e, bench" npm run typecheck --silent
step "n8n's verification scan (builds first)" npm run scan --silent
step "jest: unit and integration tests against the sandbox" npm test --silent
step "wait for the background: n8n runtimes, Redis, PostgreSQL (log $runtimes_log, each install timed)" background
step "e2e: a real n8n 2.41.1, regular and queue mode" npm run test:e2e --silent
step "e2e smoke on n8n 1.99.1, 1.123.81, and 2.41.1 on Node 26 (README, Compatibility; on 2.41.1 on Node 24 the e2e step ran every file)" \
	sh scripts/testE2eCompat.sh --after-e2e
echo "== test:all done in $(($(date +%s) - all_started)) s"
