#!/usr/bin/env bash
# Puts Node 24 on PATH for a shell. Sourced by .ci/run; developers can run it the same way:
#   source scripts/ensure-node.sh
# `npm run dev` and `npm test` do the same by themselves (scripts/node-runtime.mjs): if the system
# Node is older than 24, Node 24 comes from the npm registry's node-<platform>-<arch> package into
# .tools/node24 (git-ignored).
# Node reads only its own CA list; machines whose registry traffic passes a TLS proxy trust it through
# the system bundle (npm's cafile). Without this npm retries silently for minutes.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi
_lc_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_lc_bin="$(node "$_lc_root/scripts/node-runtime.mjs")" || return 1 2>/dev/null || exit 1
export PATH="$_lc_bin:$PATH"
echo "Using Node $(node --version) and npm $(npm --version)"
