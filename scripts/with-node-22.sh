#!/usr/bin/env bash
# Runs a command on Node 22 or later, as the tests run (scripts/node-24.sh): the product needs
# Node 22+, so its bench figures are measured there too, not on an older machine Node.
# Usage: bash scripts/with-node-22.sh tsx scripts/bench.ts
set -euo pipefail
bin=$(bash "$(dirname "$0")/node-24.sh")
PATH="${bin:+$bin:}$PATH" exec "$@"
