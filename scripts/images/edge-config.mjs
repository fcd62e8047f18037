// deploy/nginx.conf made fit for the edge image (deploy/images/edge.Containerfile): the same
// site, caching and headers, with what a container needs instead of what a Debian host has.
// Each change names the exact text it replaces and throws when that text is gone, so an edit of
// deploy/nginx.conf that this would silently miss fails the image build and its test instead.

/** Unprivileged ports inside the container (the Service or `-p` maps 80 and 443 onto them). */
export const EDGE_PORTS = { http: 8080, https: 8443 };

const REPLACEMENTS = [
  // The one writable folder (an emptyDir): the pid file beside nginx's temporary files and cache.
  ['pid /run/portal-nginx.pid;', 'pid /var/cache/portal-nginx/nginx.pid;'],
  // Logs to the container's own streams, where the platform collects them.
  ['error_log /var/log/nginx/portal-error.log warn;', 'error_log stderr warn;'],
  ['access_log /var/log/nginx/portal-access.log ', 'access_log /dev/stdout '],
  ['listen 80;', `listen ${EDGE_PORTS.http};`],
  ['listen 443 ssl http2;', `listen ${EDGE_PORTS.https} ssl http2;`],
];

/** Each upstream block's server lines become one marker, filled in at start from the environment. */
const UPSTREAMS = [
  ['page_service', '# portal:page-service-upstreams'],
  ['account_api', '# portal:account-api-upstreams'],
];

export function edgeNginxConf(text) {
  let conf = text;
  for (const [from, to] of REPLACEMENTS) {
    if (!conf.includes(from)) throw new Error(`edge nginx.conf: "${from}" is no longer in deploy/nginx.conf`);
    conf = conf.replace(from, to);
  }
  for (const [name, marker] of UPSTREAMS) {
    const block = new RegExp(`(upstream ${name} \\{\\n)((?:[ \\t]*server [^\\n]*\\n)+)`);
    if (!block.test(conf)) throw new Error(`edge nginx.conf: no "upstream ${name}" block with server lines`);
    conf = conf.replace(block, `$1    ${marker}\n`);
  }
  return conf;
}
