#!/usr/bin/env bash
# Runs a command with a throw-away Redis: `scripts/with-redis.sh npm test -w account-api`.
# Installs Debian's redis-server when missing (as root), starts a private server on a loopback
# port under /tmp (no disk persistence), exports TEST_REDIS_URL (and REDIS_URL) for the command,
# and removes it all after. A Sentinel watching that server (REDIS_SENTINEL_TEST_PORT, default
# the server's port + 2) is exported as TEST_REDIS_SENTINELS for the Sentinel test.
set -euo pipefail

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then echo "Redis is not installed: apt-get install redis-server" >&2; exit 1; fi
  echo "== Installing redis-server"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
# Below Linux's ephemeral range (32768–60999): a port in it can be the local end of another
# program's connection at that moment, and the server then cannot bind it (seen in CI).
PORT=${REDIS_TEST_PORT:-26379}
DIR=$(mktemp -d /tmp/portal-redis.XXXXXX)

cleanup() {
  for pidfile in "$DIR/sentinel.pid" "$DIR/redis.pid"; do
    if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
    for _ in $(seq 1 50); do [ -f "$pidfile" ] || break; sleep 0.1; done
  done
  rm -rf "$DIR"
}
trap cleanup EXIT

redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --pidfile "$DIR/redis.pid" --logfile "$DIR/log" \
  --daemonize yes --save '' --appendonly no
for _ in $(seq 1 50); do
  if redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then break; fi
  sleep 0.1
done
redis-cli -h 127.0.0.1 -p "$PORT" ping | grep -q PONG || { echo "Redis did not start:" >&2; cat "$DIR/log" >&2; exit 1; }

# Sentinel rewrites its configuration file, so it gets one of its own in the throw-away folder.
SENTINEL_PORT=${REDIS_SENTINEL_TEST_PORT:-$((PORT + 2))}
cat > "$DIR/sentinel.conf" <<CONF
port $SENTINEL_PORT
bind 127.0.0.1
dir $DIR
pidfile $DIR/sentinel.pid
logfile $DIR/sentinel.log
daemonize yes
sentinel monitor mymaster 127.0.0.1 $PORT 1
CONF
redis-server "$DIR/sentinel.conf" --sentinel
for _ in $(seq 1 50); do
  if redis-cli -h 127.0.0.1 -p "$SENTINEL_PORT" sentinel get-master-addr-by-name mymaster 2>/dev/null | grep -q "$PORT"; then break; fi
  sleep 0.1
done
redis-cli -h 127.0.0.1 -p "$SENTINEL_PORT" sentinel get-master-addr-by-name mymaster | grep -q "$PORT" ||
  { echo "Redis Sentinel did not start:" >&2; cat "$DIR/sentinel.log" >&2; exit 1; }
export TEST_REDIS_SENTINELS="127.0.0.1:$SENTINEL_PORT"

export TEST_REDIS_URL="redis://127.0.0.1:$PORT"
export REDIS_URL="$TEST_REDIS_URL"
echo "== Redis $(redis-server --version | awk '{print $3}' | cut -d= -f2) on $TEST_REDIS_URL, its Sentinel on $TEST_REDIS_SENTINELS"
"$@"
