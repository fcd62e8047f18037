#!/bin/sh
# postgres | redis | mail: one throw-away service of deploy/kubernetes/example.
set -eu
data=/var/lib/backing
case "${1:-}" in
  postgres)
    export PGDATA="$data/postgres"
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
      printf '%s' "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" > "$data/pw"
      /usr/lib/postgresql/15/bin/initdb -U portal --pwfile="$data/pw" -A scram-sha-256 -D "$PGDATA" >/dev/null
      rm -f "$data/pw"
      echo 'host all all 0.0.0.0/0 scram-sha-256' >> "$PGDATA/pg_hba.conf"
    fi
    exec /usr/lib/postgresql/15/bin/postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories="$data"
    ;;
  redis)
    exec redis-server --port 6379 --bind 0.0.0.0 --protected-mode no --save '' --appendonly no --dir "$data"
    ;;
  mail)
    # Prints every message it receives (the verification codes) to its log. The topology runs
    # this role on its host too, on the address MAIL_LISTEN names (scripts/lib/mail-sink.mjs).
    exec python3 -W ignore -u -m smtpd -n -c DebuggingServer "${MAIL_LISTEN:-0.0.0.0:2525}"
    ;;
  *)
    echo "usage: portal-example-backing postgres|redis|mail" >&2
    exit 2
    ;;
esac
