#!/bin/sh
# Starts nginx with the upstream servers of this deployment: the image's nginx.conf has one
# marker line per upstream block, replaced here by a `server` line for each address in
# PAGE_SERVICE_UPSTREAMS and ACCOUNT_API_UPSTREAMS. The result goes to the one writable folder.
set -eu
conf=/var/cache/portal-nginx/nginx.conf
servers() {
  for address in $1; do printf '    server %s %s;\n' "$address" "$2"; done
}
pages="$(servers "${PAGE_SERVICE_UPSTREAMS:?set PAGE_SERVICE_UPSTREAMS}" 'max_fails=1 fail_timeout=5s')"
api="$(servers "${ACCOUNT_API_UPSTREAMS:?set ACCOUNT_API_UPSTREAMS}" 'max_fails=2 fail_timeout=10s')"
PAGES="$pages" API="$api" awk '
  /# portal:page-service-upstreams/ { print ENVIRON["PAGES"]; next }
  /# portal:account-api-upstreams/ { print ENVIRON["API"]; next }
  { print }
' /etc/portal/nginx.conf > "$conf"
exec nginx -e stderr -c "$conf" -g 'daemon off;' "$@"
