#!/usr/bin/env bash
# Installs a release's production dependencies (scripts/build-release.sh made the release): the
# Dockerfile's runtime stage runs it, and so does a bare-Node install (docs/operations.md). No
# package's install script runs: no production dependency has one. Extra arguments go to npm ci
# (`--prefer-offline` takes the packages from the local npm cache when they are there).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error "$@"
