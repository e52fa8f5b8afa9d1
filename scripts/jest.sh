#!/bin/sh
# npm test: jest, after installing the dev dependencies on a fresh clone (scripts/installIfMissing.sh), so the
# first command of a new clone works as README says. Warm, it adds one file test before jest starts.
set -eu
cd "$(dirname "$0")/.."
. scripts/installIfMissing.sh
exec node_modules/.bin/jest "$@"
