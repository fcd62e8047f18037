#!/usr/bin/env bash
# `npm run test:nginx`: the production topology end to end (deploy/nginx.conf, two account-api
# instances on PostgreSQL, the front ends as static folders) with a browser test. Installs
# Debian's nginx when missing (as root); scripts/with-postgres.sh installs PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "nginx is not installed: apt-get install nginx" >&2; exit 1; fi
  echo "== Installing nginx"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
fi
export PATH="$PATH:/usr/sbin"
exec bash scripts/with-postgres.sh node scripts/nginx-topology.mjs "$@"
