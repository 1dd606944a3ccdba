#!/usr/bin/env bash
# Builds Mailpulse for production into OUT_DIR: the compiled client and server (dist/), with
# package.json, package-lock.json and scripts/install-release.sh, which is all a production
# install needs. The Dockerfile's build stage runs it, and so does a bare-Node install
# (docs/operations.md); it needs the dev dependencies (npm ci) and leaves the repository's own
# dist/ alone. Usage: bash scripts/build-release.sh OUT_DIR
set -euo pipefail
out=$(realpath -m "${1:?usage: build-release.sh OUT_DIR}")
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# A clean copy (the Dockerfile's build stage) has no dependencies yet.
[ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error
rm -rf "$out"
mkdir -p "$out/scripts"
npx vite build --outDir "$out/dist/client" --emptyOutDir --logLevel warn
npx tsx scripts/api-docs/build-api-docs.ts "$out/dist/client"
npx tsx scripts/build-server.ts "$out/dist/server"
cp package.json package-lock.json "$out/"
cp scripts/install-release.sh "$out/scripts/"
echo "build-release: built $(node -p 'require("./package.json").version') into $out"
