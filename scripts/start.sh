#!/usr/bin/env bash
# `npm start`: the one command for trying Mailpulse on this machine. On Node 22 or later (Node 24
# LTS from a cache folder when the machine's Node is older, as `npm test` runs: scripts/node-24.sh),
# it builds when dist/ is missing or older than a source file, then starts the compiled server
# with the demo (--demo; server/demo-config.ts says when it is on).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bin=$(bash scripts/node-24.sh)
PATH="${bin:+$bin:}$PATH"
export NODE="${bin:+$bin/}node"

# What the build reads; written last by `npm run build`, the stamp is newer than all of them.
STAMP=dist/.built
SOURCES=(src server common openapi public index.html package.json package-lock.json vite.config.ts
  scripts/build-server.ts scripts/server-bundle.ts)
if [ ! -f "$STAMP" ] || [ -n "$(find "${SOURCES[@]}" -newer "$STAMP" -print -quit)" ]; then
  npm run --silent build
fi
exec node --min-semi-space-size=32 --max-semi-space-size=32 --enable-source-maps dist/server/launch.mjs start --demo
