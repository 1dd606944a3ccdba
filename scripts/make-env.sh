#!/usr/bin/env bash
# Writes a production settings file (docs/operations.md): a fresh SECRETS_KEY and COOKIE_SECRET,
# then each VAR=value given, one a line, readable by its owner alone. The container
# (compose.yaml's env_file) and the service units (EnvironmentFile) read the same format. It
# never overwrites: a new SECRETS_KEY leaves the stored mail credentials unreadable.
# Usage: bash scripts/make-env.sh FILE [VAR=value ...]
set -euo pipefail
file=${1:?usage: make-env.sh FILE [VAR=value ...]}
shift
if [ -e "$file" ]; then
  echo "make-env: $file exists; a new SECRETS_KEY would make the stored mail credentials unreadable" >&2
  exit 1
fi
random_hex() { od -An -tx1 -N32 /dev/urandom | tr -d ' \n'; }
umask 077
{
  echo "SECRETS_KEY=$(random_hex)"
  echo "COOKIE_SECRET=$(random_hex)"
  for setting in "$@"; do echo "$setting"; done
} >"$file"
echo "make-env: wrote $file"
