#!/usr/bin/env bash
# Installs the Debian packages the test suite needs: Chromium's headless shell for the browser
# tests, PostgreSQL for the second server-test run, Dovecot for the IMAP sync tests, and for the
# deployment tests systemd (systemd-analyze verify checks the service units) and nginx (the
# reverse proxy). Idempotent and quick when all are present; apt runs only when something is
# missing (CI machines may lack Chromium).
set -euo pipefail

log() { echo "install-test-deps: $*" >&2; }

chromium_bin=${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}
missing=()
if [ ! -x "$chromium_bin" ]; then
  missing+=(chromium-headless-shell)
fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if ! command -v dovecot >/dev/null 2>&1 || [ ! -x /usr/lib/dovecot/imap ]; then
  missing+=(dovecot-imapd)
fi
if ! command -v systemd-analyze >/dev/null 2>&1; then
  missing+=(systemd)
fi
if [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx)
fi

if [ ${#missing[@]} -eq 0 ]; then
  log "chromium-headless-shell, postgresql, dovecot-imapd, systemd and nginx are present"
  exit 0
fi

# Root runs apt directly; others need a sudo that does not ask for a password.
if [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root() { sudo -n "$@"; }
else
  log "missing ${missing[*]}; run as root or install them: apt-get install -y ${missing[*]}"
  exit 1
fi

log "installing ${missing[*]}"
as_root apt-get update -q
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
log "installed ${missing[*]}"
