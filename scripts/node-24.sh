#!/usr/bin/env bash
# Prints the folder to put first on PATH so that the tests run on Node 22 or later: nothing when
# the machine's Node is 22 or later already, else the bin folder of Node 24 LTS, installed once
# from the npm registry's `node-<platform>-<arch>@24` package (the official binary) into
# ${XDG_CACHE_HOME:-$HOME/.cache}/mailpulse/node-24 (MAILPULSE_NODE_CACHE overrides it).
# Idempotent: when the cached binary runs, it prints its folder at once without asking the
# registry. Usage: bin=$(bash scripts/node-24.sh) && PATH="${bin:+$bin:}$PATH"
set -euo pipefail

log() { echo "node-24: $*" >&2; }

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 22 ]; then
  log "using the machine's Node $(node -v)"
  exit 0
fi

platform=$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)
package="node-$platform"
cache=${MAILPULSE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mailpulse/node-24}
bin="$cache/node_modules/$package/bin"

runs_24() { [ -x "$1/node" ] && [ "$("$1/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = 24 ]; }

if ! runs_24 "$bin"; then
  log "the machine's Node is $(node -v 2>/dev/null || echo missing); installing $package@24 into $cache"
  mkdir -p "$(dirname "$cache")"
  # Installed beside its final name and renamed into place, so an interrupted install never
  # leaves a half-written cache that looks complete.
  building=$(mktemp -d "$cache.building.XXXXXX")
  trap 'rm -rf "$building"' EXIT
  npm install --prefix "$building" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "$package@24" >&2
  runs_24 "$building/node_modules/$package/bin" ||
    { log "$package@24 installed no working node binary"; exit 1; }
  # Another run may have finished first; its copy is as good as ours and may be in use.
  if ! runs_24 "$bin"; then
    rm -rf "$cache"
    mv -T "$building" "$cache"
  fi
fi
log "using Node $("$bin/node" -v) from $bin"
echo "$bin"
