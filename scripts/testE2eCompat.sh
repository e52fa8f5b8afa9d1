#!/bin/sh
# npm run test:e2e:compat: the e2e smoke on the oldest n8n the package supports, on the last 1.x line (still
# maintained) and on the newest n8n it is tested with (README, Compatibility), each on Node 24, and that newest
# n8n once more on Node 26 (what n8n's own Docker images run). Each runtime is its own install
# (tools/n8n/provision.sh --n8n VERSION --node MAJOR, cached side by side in .cache/; provisioned once, then
# reused), and the smoke runs the e2e project's files below with TYLT_N8N_VERSION and TYLT_N8N_NODE set, so
# globalSetup and every file start that n8n on that Node.
#
# The smoke covers what a user meets on any version: the package loads and n8n lists its nodes; every
# operation (Payout → Create / Get / Get Many, Currency → Get Many, Pay-In → Get); the TYLT Trigger (signed
# callbacks, a forged one refused with 401, a repeat answered without a run); the TYLT Payout Status Trigger
# (polling, across a restart of n8n); the credential test; the payout form and its endings (paid, already
# paid, refused, in doubt, over the limit: n8n's Form node 1, which 1.99 has); the duplicate guard's claims (the
# payout form submitted several times at once pays once) and its in-doubt check.
#
# Usage: scripts/testE2eCompat.sh [--beside-e2e | --provision-only]
#   --beside-e2e      npm run test:all runs it beside its e2e step, which runs every e2e file, the smoke's
#                     included, on the default runtime (n8n 2.41.1 on Node 24) with the same build: that leg, the
#                     build and the e2e type-check are not repeated, and each runtime is provisioned at low
#                     priority (nice; the e2e step's n8n times real workflows), or, when test:all's background is
#                     installing it, waited for (provision.sh's lock) and reused
#   --provision-only  provision every runtime the smoke runs (reused when complete), run nothing
#
# Env: TYLT_COMPAT_VERSIONS  the runtimes to run, oldest first: VERSION (on Node 24) or VERSION/nodeMAJOR
#      (default below; each VERSION needs tools/n8n/runtime-VERSION/ except the default runtime's 2.41.1, and
#      each MAJOR tools/n8n/nodeMAJOR/)
set -eu
cd "$(dirname "$0")/.."

# OLDEST is also nodes/shared/n8nCompatibility.ts's OLDEST_SUPPORTED_N8N: n8n 1.99.1 is the oldest n8n in the
# registry whose engines accept Node 24 (1.97 and older want Node <= 22, which the runtime does not provide).
OLDEST=1.99.1
LAST_1X=1.123.81
NEWEST=2.41.1
VERSIONS="${TYLT_COMPAT_VERSIONS:-$OLDEST $LAST_1X $NEWEST $NEWEST/node26}"
# tools/n8n/provision.sh's default runtime, the one npm run test:e2e runs.
DEFAULT_RUNTIME="$NEWEST"

MODE=all
case "${1:-}" in
	"") ;;
	--beside-e2e) MODE=beside-e2e ;;
	--provision-only) MODE=provision-only ;;
	*) echo "testE2eCompat.sh: unknown argument $1" >&2; exit 2 ;;
esac

SMOKE="
e2e/operations.test.ts
e2e/createAndWait.test.ts
e2e/credential.test.ts
e2e/settlement.test.ts
e2e/pollingTrigger.test.ts
e2e/payoutOnForm.test.ts
e2e/concurrentSubmissions.test.ts
e2e/retryOnFail.test.ts
e2e/spendingLimits.test.ts
"

PROVISION=tools/n8n/provision.sh
if [ "$MODE" = all ]; then
	npm run build --silent
	npx tsc -p e2e/tsconfig.json
fi
if [ "$MODE" = beside-e2e ]; then PROVISION="nice -n 10 $PROVISION"; fi
for runtime in $VERSIONS; do
	version="${runtime%%/*}"
	node=24
	case "$runtime" in */node*) node="${runtime##*/node}" ;; esac
	if [ "$MODE" = beside-e2e ] && [ "$runtime" = "$DEFAULT_RUNTIME" ]; then
		echo "== n8n $version on Node $node: skipped, test:all's e2e step runs every e2e file on it"
		continue
	fi
	started=$(date +%s)
	echo "== n8n $version on Node $node: provision (reused when complete)"
	$PROVISION --n8n "$version" --node "$node"
	[ "$MODE" = provision-only ] && continue
	echo "== n8n $version on Node $node: e2e smoke"
	# shellcheck disable=SC2086 # SMOKE is a list of paths without spaces
	TYLT_N8N_VERSION="$version" TYLT_N8N_NODE="$node" \
		npx jest -c jest.e2e.config.js --runInBand --selectProjects e2e -- $SMOKE
	echo "== n8n $version on Node $node: done in $(($(date +%s) - started)) s"
done
