#!/bin/sh
# npm run test:e2e:compat: the e2e smoke on the oldest n8n the package supports, on the last 1.x line (still
# maintained) and on the newest n8n it is tested with (README, Compatibility). Each version is its own runtime
# (tools/n8n/provision.sh --n8n VERSION, cached side by side in .cache/; provisioned once, then reused), and the
# smoke runs the e2e project's files below with TYLT_N8N_VERSION set, so globalSetup and every file start that
# n8n.
#
# The smoke covers what a user meets on any version: the package loads and n8n lists its nodes; every
# operation (Payout → Create / Get / Get Many, Currency → Get Many, Pay-In → Get); the TYLT Trigger (signed
# callbacks, a forged one refused with 401, a repeat answered without a run); the TYLT Payout Status Trigger
# (polling, across a restart of n8n); the credential test; the duplicate guard's claims (the payout form
# submitted several times at once pays once) and its in-doubt check.
#
# Env: TYLT_COMPAT_VERSIONS  the versions to run, oldest first (default below; each needs tools/n8n/runtime-VERSION/
#      except the default runtime's 2.41.1)
set -eu
cd "$(dirname "$0")/.."

# OLDEST is also nodes/shared/n8nCompatibility.ts's OLDEST_SUPPORTED_N8N: n8n 1.99.1 is the oldest n8n in the
# registry whose engines accept Node 24 (1.97 and older want Node <= 22, which the runtime does not provide).
OLDEST=1.99.1
LAST_1X=1.123.81
NEWEST=2.41.1
VERSIONS="${TYLT_COMPAT_VERSIONS:-$OLDEST $LAST_1X $NEWEST}"

SMOKE="
e2e/operations.test.ts
e2e/createAndWait.test.ts
e2e/credential.test.ts
e2e/settlement.test.ts
e2e/pollingTrigger.test.ts
e2e/concurrentSubmissions.test.ts
e2e/retryOnFail.test.ts
"

npm run build --silent
npx tsc -p e2e/tsconfig.json
for version in $VERSIONS; do
	started=$(date +%s)
	echo "== n8n $version: provision (reused when complete)"
	tools/n8n/provision.sh --n8n "$version"
	echo "== n8n $version: e2e smoke"
	# shellcheck disable=SC2086 # SMOKE is a list of paths without spaces
	TYLT_N8N_VERSION="$version" npx jest -c jest.e2e.config.js --runInBand --selectProjects e2e -- $SMOKE
	echo "== n8n $version: done in $(($(date +%s) - started)) s"
done
