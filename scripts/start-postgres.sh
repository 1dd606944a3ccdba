#!/usr/bin/env bash
# Starts a local PostgreSQL cluster for the test suite and prints a connection URL for the
# role mailpulse/mailpulse (LOGIN CREATEDB CREATEROLE, the last for the bi:role tests), reachable
# over TCP on 127.0.0.1.
# Idempotent: safe to run when the cluster is already up and the role already exists.
# Usage: TEST_DATABASE_URL=$(scripts/start-postgres.sh)  (progress goes to stderr)
set -euo pipefail

log() { echo "start-postgres: $*" >&2; }

# Root runs commands directly; everyone else goes through sudo.
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  log "installing postgresql"
  as_root apt-get update >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
fi

# Newest installed server version (Debian 12 ships 15).
PG_VERSION=${PG_VERSION:-$(ls /usr/lib/postgresql | sort -n | tail -1)}
CLUSTER=main

if ! pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { found = 1 } END { exit !found }'; then
  log "creating cluster $PG_VERSION/$CLUSTER"
  as_root pg_createcluster "$PG_VERSION" "$CLUSTER" >&2
fi

status=$(pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { print $4 }')
if [ "$status" != "online" ]; then
  log "starting cluster $PG_VERSION/$CLUSTER"
  as_root pg_ctlcluster "$PG_VERSION" "$CLUSTER" start >&2
fi
PORT=$(pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$CLUSTER" '$1 == v && $2 == c { print $3 }')

psql_admin() { as_postgres psql -p "$PORT" -v ON_ERROR_STOP=1 -qtA "$@"; }

psql_admin -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mailpulse') THEN
    CREATE ROLE mailpulse LOGIN CREATEDB CREATEROLE PASSWORD 'mailpulse';
  ELSE
    ALTER ROLE mailpulse LOGIN CREATEDB CREATEROLE PASSWORD 'mailpulse';
  END IF;
END \$\$;" >&2
# The tests drop their databases WITH (FORCE); an autovacuum worker busy in one counts as
# another role's process, which only pg_signal_backend members may end.
psql_admin -c "GRANT pg_signal_backend TO mailpulse" >&2
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = 'mailpulse'")" != "1" ]; then
  psql_admin -c "CREATE DATABASE mailpulse OWNER mailpulse" >&2
fi

# Debian's default pg_hba.conf accepts passwords over 127.0.0.1; add a rule only if a
# customised file lacks one, then reload.
HBA=$(psql_admin -c "SHOW hba_file")
if ! as_root grep -Eq '^host\s+all\s+(all|mailpulse)\s+127\.0\.0\.1/32\s+(scram-sha-256|md5|password|trust)' "$HBA"; then
  log "allowing password logins for mailpulse over 127.0.0.1 in $HBA"
  as_root sh -c "printf 'host all mailpulse 127.0.0.1/32 scram-sha-256\n' >> '$HBA'"
  psql_admin -c "SELECT pg_reload_conf()" >/dev/null
fi

URL="postgres://mailpulse:mailpulse@127.0.0.1:$PORT/mailpulse"
if ! PGPASSWORD=mailpulse psql "$URL" -qtA -c 'SELECT 1' >/dev/null; then
  log "cannot log in as mailpulse over TCP; check $HBA"
  exit 1
fi
echo "$URL"
