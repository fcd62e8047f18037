#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster: `scripts/with-postgres.sh npm test -w account-api`.
# Installs Debian's postgresql (with its client tools, pg_dump for the backup tests) when missing (as root), starts a private cluster on a loopback port (PG_TEST_PORT, 25432)
# under /tmp, exports TEST_DATABASE_URL (and DATABASE_URL) for the command, and removes it all after.
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then echo "PostgreSQL is not installed: apt-get install postgresql" >&2; exit 1; fi
  echo "== Installing postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
# pg_dump/pg_restore for the backup and restore tests (postgresql depends on them; a trimmed image may lack them).
if ! ls /usr/lib/postgresql/*/bin/pg_dump >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then echo "pg_dump is not installed: apt-get install postgresql-client" >&2; exit 1; fi
  echo "== Installing postgresql-client"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null
fi
BIN=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
# Below Linux's ephemeral range (32768–60999): a port in it can be the local end of another
# program's connection at that moment, and the server then cannot bind it (seen in CI).
PORT=${PG_TEST_PORT:-25432}
DIR=$(mktemp -d /tmp/portal-pg.XXXXXX)

# PostgreSQL refuses to run as root: run the cluster as the postgres user when we are root.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" -eq 0 ] && chown postgres "$DIR"

cleanup() {
  local status=$?
  # A failed run shows what the server did (DDL and terminations are logged).
  if [ "$status" -ne 0 ] && [ -f "$DIR/log" ]; then
    echo "== PostgreSQL's log, last 80 lines (the command exited $status)" >&2
    tail -n 80 "$DIR/log" >&2 || true
  fi
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_owner "$BIN/initdb" -D "$DIR/data" -U portal --auth=trust >/dev/null
as_owner "$BIN/pg_ctl" -D "$DIR/data" -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c log_statement=ddl -c log_line_prefix='%m [%p] %d '" -l "$DIR/log" -w start >/dev/null
as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U portal account_test

export TEST_DATABASE_URL="postgres://portal@127.0.0.1:$PORT/account_test"
export DATABASE_URL="$TEST_DATABASE_URL"
echo "== PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on $TEST_DATABASE_URL"
"$@"
