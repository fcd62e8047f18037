#!/usr/bin/env bash
# `npm run topology` / `npm run test:nginx`: the production topology (scripts/topology/) with a
# throw-away PostgreSQL and Redis. Installs Debian's nginx with its brotli modules and openssl
# when missing (as root); scripts/with-postgres.sh and scripts/with-redis.sh install theirs.
# PostgreSQL and Redis take ports from TOPOLOGY_PORT_BASE too (base+32, base+33) unless
# PG_TEST_PORT / REDIS_TEST_PORT say otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/sbin"
missing=()
command -v nginx >/dev/null 2>&1 || missing+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static libnginx-mod-http-brotli-filter)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# The SMTP sink the API mails to (deploy/images/example-backing.sh: Python's smtpd, in Debian 12's 3.11).
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "missing: ${missing[*]} (apt-get install them)" >&2; exit 1; fi
  echo "== Installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  # Debian starts its own nginx on port 80 after installing it; this project runs its own.
  (service nginx stop || true) >/dev/null 2>&1
fi
base="${TOPOLOGY_PORT_BASE:-9000}"
export PG_TEST_PORT="${PG_TEST_PORT:-$((base + 32))}"
export REDIS_TEST_PORT="${REDIS_TEST_PORT:-$((base + 33))}"
# The flag: instances.mjs reads the services' settings schemas, TypeScript that Node strips itself.
exec bash scripts/with-postgres.sh bash scripts/with-redis.sh node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/topology/run.mjs "$@"
