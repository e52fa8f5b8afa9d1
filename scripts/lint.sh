#!/bin/sh
# npm run lint: n8n's own `n8n-node lint`, unchanged and in strict mode (eslint.config.mjs must be the
# template's, whitespace aside), over the product only: a copy of package.json, eslint.config.mjs,
# tsconfig.json, nodes/ and credentials/ in a scratch folder under .cache/. `n8n-node lint` runs `eslint .`
# in the folder it starts in, and the template's config holds every `**/*.ts` below it to the community-node
# rules; at this repository's root that includes the development code (tools/, test/, e2e/, bench/,
# sandbox/, scripts/), which needs `process`, `fs` and timers. docs/development.md, "Lint", says why no
# layout of this repository keeps it out without changing the template's file.
#
# Usage: scripts/lint.sh [PACKAGE_DIR]   (default: this repository; test/tools/lint.test.ts passes probes)
set -eu
repo="$(cd "$(dirname "$0")/.." && pwd)"
source_dir="$(cd "${1:-$repo}" && pwd)"
cd "$repo"
. scripts/installIfMissing.sh

mkdir -p .cache
product="$(mktemp -d "$repo/.cache/lint-product.XXXXXX")"
trap 'rm -rf "$product"' EXIT
for entry in package.json eslint.config.mjs tsconfig.json nodes credentials; do
	if [ -e "$source_dir/$entry" ]; then cp -R "$source_dir/$entry" "$product/"; fi
done
# `npm exec eslint` and the config's imports resolve from the copy's node_modules (eslint skips that folder).
ln -s "$repo/node_modules" "$product/node_modules"

echo "[lint] n8n-node lint over package.json, nodes/ and credentials/ of $source_dir (copied to $product)"
cd "$product"
status=0
"$repo/node_modules/.bin/n8n-node" lint || status=$?
exit "$status"
