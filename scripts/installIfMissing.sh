# Sourced by the launchers in scripts/: on a fresh clone (no node_modules yet) install the dev dependencies
# first, so `npm run dev`, `npm run test:all` and friends work without a separate `npm install`.
if [ ! -x node_modules/.bin/ts-node ]; then
	echo "[install] node_modules is missing: npm ci --no-audit --no-fund (exactly the committed lockfile)"
	install_started=$(date +%s)
	npm ci --no-audit --no-fund
	TYLT_INSTALL_SECONDS=$(($(date +%s) - install_started))
	export TYLT_INSTALL_SECONDS
	echo "[install] npm ci: $TYLT_INSTALL_SECONDS s"
fi
