// A folder of built files served the way a CDN should: CORS for federated assets, no-cache for
// manifests and entries, a year for content-hashed chunks, precompressed .br/.gz siblings, no
// source maps. Production puts nginx in front of the same folders (deploy/nginx.conf); this
// serves the remotes for `npm start`, the e2e harness and the bench, and the shell's files
// behind the page service there.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { cacheControlFor } from './cache-control';
import { fileSecurityHeaders, isSourceMap } from '../headers/security-headers';

export type FileHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves the files of `root`; `next` is called for a path that is not a file. */
export function staticFiles(root: string): FileHandler {
  const files = sirv(root, {
    // Look files up per request (a stat each): a rebuilt dist is served at once, and a file
    // removed by a rebuild is a 404, not a crash of a cached index.
    dev: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
    },
  });
  return (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    res.setHeader('Access-Control-Allow-Origin', '*');
    // TLS on this socket only: a folder of files trusts no proxy's word (nginx serves them in production).
    const https = Boolean((req.socket as { encrypted?: boolean }).encrypted);
    for (const [header, value] of Object.entries(fileSecurityHeaders(https))) res.setHeader(header, value);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (isSourceMap(pathname)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    files(req, res, next);
  };
}

/** One folder on its own port (a remote's dist), with /__health for whoever waits for it. */
export function startStaticFolder({
  root,
  port,
  host = '0.0.0.0',
  name,
}: {
  root: string;
  port: number;
  host?: string;
  name: string;
}): Promise<http.Server> {
  const files = staticFiles(root);
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/__health') {
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
        .end(JSON.stringify({ ok: true, part: name }));
      return;
    }
    files(req, res, () => res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
