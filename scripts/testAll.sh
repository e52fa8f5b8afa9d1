#!/bin/sh
# npm run test:all: every check CI makes, in CI's order, each step timed. Installs first on a fresh clone.
#
# The n8n runtimes the e2e steps need (tools/n8n/provision.sh: the default n8n 2.41.1 on Node 24, then the
# compat smoke's), and queue mode's Redis and PostgreSQL, are installed in the background from the start, at
# low priority (nice), while lint, type-check, scan and jest run: on a fresh clone they take minutes that would
# otherwise come after jest. The e2e step waits for what it runs on only (the default runtime, Redis and
# PostgreSQL). The compat smoke runs beside it (its n8n leaves most of the 2 cores idle): each leg waits for the
# background's install of its runtime (provision.sh's lock) or makes it itself, niced. Every runtime is
# provisioned again where it is used (provision.sh reuses it), so a background failure shows up there, with
# the same error. What runs in the background is stopped when this script ends, however it ends.
#
# Nothing is built or type-checked twice: the scan step builds dist/ (npm run build) and the type-check step
# checks e2e/, so the e2e step and the smoke run on that build (npm run test:e2e and test:e2e:compat alone build
# and check first).
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
# Written by the background once the e2e step's runtime, Redis, PostgreSQL and Chromium are in place.
default_ready=.cache/test-all-default-ready
rm -f "$default_ready"
# setsid: its own process group, so the trap below stops the whole tree (npm, node-gyp, apt-get). (No "--"
# before the group: dash's kill takes none.)
setsid nice -n 10 sh -c '
	started=$(date +%s)
	tools/n8n/provision.sh
	echo "[queue mode] Redis and PostgreSQL, and Chromium for the editor check (apt-get when missing)"
	node_modules/.bin/ts-node --transpile-only --project tsconfig.json -e "
		const { ensureQueueDependencies } = require(\"./tools/n8n/services\");
		const found = ensureQueueDependencies({ log: (line) => console.log(\"[queue mode] \" + line) });
		console.log(\"[queue mode] \" + found.redisServer + \", \" + found.postgresBin);
		require(\"./tools/ui/chromium\").ensureChromium((line) => console.log(\"[chromium] \" + line));"
	echo "[runtimes] ready for the e2e step: $(($(date +%s) - started)) s"
	touch "$1"
	sh scripts/testE2eCompat.sh --provision-only
	echo "[runtimes] all in place: $(($(date +%s) - started)) s"
' _ "$default_ready" >"$runtimes_log" 2>&1 &
runtimes_pid=$!
compat_pid=
trap 'kill -TERM "-$runtimes_pid" ${compat_pid:+"-$compat_pid"} 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM

# Until the background has put the e2e step's runtime, Redis and PostgreSQL in place (or has failed first).
background_for_e2e() {
	while [ ! -f "$default_ready" ] && kill -0 "$runtimes_pid" 2>/dev/null; do sleep 2; done
	cat "$runtimes_log"
	[ -f "$default_ready" ] && return 0
	status=0
	wait "$runtimes_pid" || status=$?
	echo "the background ended before the e2e step's runtime was in place (exit $status)"
	return 1
}

# npm run test:e2e without its build and its e2e type-check, which the scan and type-check steps did on this tree.
e2e() {
	tools/n8n/provision.sh && node_modules/.bin/jest -c jest.e2e.config.js --runInBand
}

# The e2e step and, beside it, the compat smoke (its log printed after): another n8n on other ports, run while
# the e2e step's n8n leaves most of the 2 cores idle (its files wait on TYLT's latency and on timers). Each of
# the smoke's legs first provisions its runtime, niced, or waits for the background's install of it.
compat_log=.cache/test-all-compat.log
e2e_and_compat() {
	setsid sh scripts/testE2eCompat.sh --beside-e2e >"$compat_log" 2>&1 &
	compat_pid=$!
	e2e_started=$(date +%s)
	e2e_status=0
	e2e || e2e_status=$?
	echo "== e2e on n8n 2.41.1: exit $e2e_status in $(($(date +%s) - e2e_started)) s; the compat smoke ($compat_log):"
	compat_status=0
	wait "$compat_pid" || compat_status=$?
	cat "$compat_log"
	echo "== compat smoke: exit $compat_status; the background's installs of its runtimes:"
	sed -n '/^\[runtimes\] ready for the e2e step/,$p' "$runtimes_log"
	[ "$e2e_status" = 0 ] && [ "$compat_status" = 0 ]
}

step "lint: n8n's community-node rules, strict" npm run lint --silent
step "type-check: nodes, sandbox, tools, scripts, tests, e2e, bench" npm run typecheck --silent
step "n8n's verification scan (builds first)" npm run scan --silent
step "jest: unit and integration tests against the sandbox" npm test --silent
step "wait for the background: n8n 2.41.1 on Node 24, Redis, PostgreSQL, Chromium (log $runtimes_log, each install timed)" \
	background_for_e2e
step "e2e on a real n8n 2.41.1, regular and queue mode, and beside it the smoke on n8n 1.99.1, 1.123.81, and 2.41.1 on Node 26 (README, Compatibility)" \
	e2e_and_compat
echo "== test:all done in $(($(date +%s) - all_started)) s"
