# Sourced by the launchers in scripts/: on a fresh clone (no node_modules yet) install the dev dependencies
# first, so `npm run dev`, `npm run test:all` and friends work without a separate `npm install`.
if [ ! -x node_modules/.bin/ts-node ]; then
	echo "[install] node_modules is missing: npm install --no-audit --no-fund"
	install_started=$(date +%s)
	npm install --no-audit --no-fund
	echo "[install] npm install: $(($(date +%s) - install_started)) s"
fi
