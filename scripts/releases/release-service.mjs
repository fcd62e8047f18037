// The release service (decision 0062): what a remote's team calls over HTTPS with a URL and a
// token, instead of a shell on a host sharing RELEASES_DIR. It runs the very functions of
// scripts/release.mjs, on pointers kept in a database (account-api's connection code: SQLite by
// default, PostgreSQL with RELEASE_DATABASE_URL) where every change is compare-and-swap, and keeps
// the published files in its own folder or in a bucket (RELEASE_FILES_STORAGE=s3, decision 0068),
// which it serves at /files/ (immutable: never overwritten).
//
//   node scripts/releases/release-service.mjs                  serve (settings: RELEASE_SERVICE_*)
//   node scripts/releases/release-service.mjs token create <remote>|'*'   prints a new token once
//   node scripts/releases/release-service.mjs token revoke <id>           that token stops working
//   node scripts/releases/release-service.mjs token list
//
// The page services poll GET /v1/pointers (ETag, If-None-Match) and follow it within seconds.
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { readSettings } from '@portal/service-settings/read';
import { RELEASE_SERVICE_SETTINGS } from '../../account-api/src/releases/release-service-settings.ts';
import parts from '../../build-config/parts.js';
import { ConflictError } from './pointer-store.mjs';
import {
  abort,
  canary,
  checkVersion,
  issueOverride,
  listFrom,
  point,
  promote,
  prune,
  unpoint,
  publish,
  recordPublish,
  remoteNamed,
  revokeOverride,
  rollback,
  rollForward,
  statusFrom,
} from '../release.mjs';

/** A whole remote build in one request: its files base64 in JSON (about 4/3 of their size). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
/** Files of a release are hashed and never change, but for these, which name the others. */
const ALWAYS_FRESH = new Set(['mf-manifest.json', 'fragments.json', 'remoteEntry.js']);
/** A token for '*' may change every remote: the site's own, for the canary watcher. */
export const EVERY_REMOTE = '*';
/** Files written to the bucket at once during a publish. */
const UPLOADS_AT_ONCE = 8;

const STORE_BUNDLE = path.join(parts.ROOT, 'account-api', 'dist', 'release-store.js');
const loadApiModule = (file) => {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w account-api\` first`);
  return createRequire(import.meta.url)(file);
};
/** account-api's build of the release store (its DB layer): `npm run build -w account-api`. */
export const loadReleaseStore = (file = STORE_BUNDLE) => loadApiModule(file).ReleaseStore;
/** From the same build: `(store) => Registry` of the history's counts (release-metrics.ts). */
export const loadReleaseMetrics = (file = STORE_BUNDLE) => loadApiModule(file).releaseMetricsRegistry;
/** account-api's build of the bucket driver for builds (its S3 client and settings reader, shared with the pictures). */
export function loadReleaseFiles(file = path.join(parts.ROOT, 'account-api', 'dist', 'release-files.js')) {
  return loadApiModule(file);
}

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const contentTypeOf = (name) => CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
const cacheControlOf = (name) => (ALWAYS_FRESH.has(path.basename(name)) ? 'no-cache' : 'public, max-age=31536000, immutable');
/** The bucket did not answer: the caller may try again, nothing is lost (SPEC §8's shape). */
const BUCKET_DOWN = 'the release files cannot be reached right now: try again in a minute';

class HttpError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

const send = (res, status, body, headers = {}) => {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
};

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        reject(new HttpError(413, `a request is at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) return resolve({});
      try {
        const json = JSON.parse(text);
        if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
        resolve(json);
      } catch {
        reject(new HttpError(400, 'the request body is not a JSON object'));
      }
    });
    req.on('error', reject);
  });
}

/**
 * What the page services and the watcher read of the pointers, and no more: this answers without a
 * token, so who pointed, the rollback stacks and publish times stay behind `status`.
 */
const publicPointers = (state) => ({
  version: state.version,
  remotes: Object.fromEntries(
    Object.entries(state.remotes).map(([name, { version, url, canary, revokedOverrides }]) => [
      name,
      { version, url, canary, revokedOverrides },
    ]),
  ),
});

/** A file path inside a build: relative, no `..`, no hidden parts. */
function safeRelative(name) {
  const parts_ = name.split('/');
  if (!name || name.startsWith('/') || parts_.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
    throw new HttpError(400, `${JSON.stringify(name)} is not a file path inside a build`);
  return parts_;
}

const text = (value, name) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} is text`);
  return value;
};

/**
 * Starts the service. `store`: a ReleaseStore (account-api/src/releases/release-store.ts);
 * `filesDir`: where published builds live, or `bucket`: an S3ReleaseFiles
 * (account-api/src/releases/release-files.ts) that keeps them instead; `publicUrl`: how browsers
 * and page services reach it (default: the address it listens on); `metrics`: a prom-client
 * Registry served at /metrics. Returns { url, server, close }.
 */
export async function startReleaseService({
  store,
  filesDir,
  bucket = null,
  host = '127.0.0.1',
  port = 0,
  publicUrl,
  tls = null,
  overrideSecret,
  metrics = null,
  log = () => undefined,
}) {
  if (bucket) await bucket.prepare();
  else mkdirSync(filesDir, { recursive: true });
  let baseUrl = publicUrl?.replace(/\/$/, '');
  /** What release.mjs's functions read: the files folder (or that the database says what is published) and the URL they are served at. */
  const env = () => ({
    ...(bucket ? { RELEASE_FILES_STORAGE: 's3' } : { RELEASES_DIR: filesDir }),
    RELEASES_URL: `${baseUrl}/files`,
    ...(overrideSecret ? { RELEASE_OVERRIDE_SECRET: overrideSecret } : {}),
  });

  /** The token's remote, or a refusal (recorded: who tried what, and why it was refused). */
  async function authorise(req, remote, action) {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer (.+)$/.exec(header)?.[1] ?? '';
    const holder = token ? await store.verifyToken(token) : null;
    if (!holder) {
      const reason = token ? 'unknown or revoked token' : 'no token';
      await store.recordRefusal({ remote, tokenId: null, tokenRemote: null, action, reason });
      throw new HttpError(401, `${reason}: send Authorization: Bearer <your remote's release token>`);
    }
    if (remote && holder.remote !== EVERY_REMOTE && holder.remote !== remote) {
      const reason = `the token ${holder.id} may change ${holder.remote} only, not ${remote}`;
      await store.recordRefusal({ remote, tokenId: holder.id, tokenRemote: holder.remote, action, reason });
      log(`refused ${action} on ${remote}: ${reason}`);
      throw new HttpError(403, reason);
    }
    return holder;
  }

  /** The history's columns: who the caller says they are, and the token that vouches for it. */
  const whoOf = (body, holder) => ({
    by: `${text(body.by, 'by') ?? 'unknown'} (token ${holder.id})`,
    why: text(body.why, 'why') ?? null,
    commit: text(body.commit, 'commit') ?? null,
    expect: body.expect === undefined || body.expect === null ? undefined : wholeNumber(body.expect, 'expect'),
    store,
    env: env(),
  });
  const wholeNumber = (value, name) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < 0) throw new HttpError(400, `${name} is a whole number (got ${value})`);
    return n;
  };

  async function publishUpload(remote, version, body, opts) {
    checkVersion(version);
    const files = body.files;
    if (typeof files !== 'object' || files === null || Array.isArray(files))
      throw new HttpError(400, 'files is an object of path → base64 content');
    if (typeof files['mf-manifest.json'] !== 'string') throw new HttpError(400, 'a build has an mf-manifest.json');
    if (bucket) await publishToBucket(remote, version, files, opts);
    else await publishToFolder(remote, version, files, opts);
    return { remote: remote.container, version, url: `${baseUrl}/files/${remote.folder}/${version}/mf-manifest.json` };
  }

  async function publishToFolder(remote, version, files, opts) {
    if (existsSync(path.join(filesDir, remote.folder, version)))
      throw new HttpError(409, `release ${remote.folder}/${version} exists: releases are immutable, publish a new version`);
    const upload = mkdtempSync(path.join(filesDir, '.upload-'));
    try {
      for (const [name, content] of Object.entries(files)) {
        if (typeof content !== 'string') throw new HttpError(400, `${name}: its content is base64 text`);
        const file = path.join(upload, ...safeRelative(name));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, Buffer.from(content, 'base64'));
      }
      await publish(remote.container, version, { ...opts, from: upload });
    } finally {
      rmSync(upload, { recursive: true, force: true });
    }
  }

  /**
   * A bucket has no rename: the database's claim on the version (a primary key) decides which
   * publish uploads, the objects are written (the manifest last), then the publish is recorded and
   * the release may be pointed at. A failure deletes what was written and gives the name back.
   */
  async function publishToBucket(remote, version, files, opts) {
    const decoded = Object.entries(files).map(([name, content]) => {
      if (typeof content !== 'string') throw new HttpError(400, `${name}: its content is base64 text`);
      return { name: safeRelative(name).join('/'), data: Buffer.from(content, 'base64') };
    });
    const folder = `${remote.folder}/${version}`;
    const exists = () => new HttpError(409, `release ${folder} exists: releases are immutable, publish a new version`);
    if (!(await store.claimVersion(remote.container, version))) throw exists();
    let inBucket = null;
    let written = false;
    try {
      // A bucket shared with another database, or a database restored from before this version.
      if (await bucket.has(`${folder}/mf-manifest.json`)) throw (inBucket = exists());
      written = true;
      const put = ({ name, data }) =>
        bucket.put(`${folder}/${name}`, data, { contentType: contentTypeOf(name), cacheControl: cacheControlOf(name) });
      const rest = decoded.filter((file) => file.name !== 'mf-manifest.json');
      for (let i = 0; i < rest.length; i += UPLOADS_AT_ONCE) await Promise.all(rest.slice(i, i + UPLOADS_AT_ONCE).map(put));
      await put(decoded.find((file) => file.name === 'mf-manifest.json'));
      await recordPublish(remote.container, version, opts);
    } catch (error) {
      if (written)
        await bucket
          .removeAll(folder)
          .catch((e) => log(`publish ${folder} failed and its files stay in the bucket: ${e.message}`));
      // Taken in the bucket: the name stays claimed. Anything else: nothing of it is served or recorded.
      if (error !== inBucket)
        await store.releaseVersion(remote.container, version).catch((e) => log(`publish ${folder}: ${e.message}`));
      throw error;
    }
  }

  const VERBS = {
    point: (remote, body, opts) => point(remote.container, text(body.version, 'version'), opts),
    canary: (remote, body, opts) => canary(remote.container, text(body.version, 'version'), body.share, opts),
    promote: (remote, _body, opts) => promote(remote.container, opts),
    abort: (remote, body, opts) =>
      abort(remote.container, {
        ...opts,
        canaryId: text(body.canaryId, 'canaryId'),
        details: typeof body.details === 'object' && body.details !== null ? { watch: body.details.watch } : undefined,
      }),
    rollback: (remote, _body, opts) => rollback(remote.container, opts),
    'roll-forward': (remote, _body, opts) => rollForward(remote.container, opts),
    unpoint: (remote, _body, opts) => unpoint(remote.container, opts),
    prune: async (remote, body, opts) => {
      const removed = await prune(remote.container, body.days === undefined ? undefined : Number(body.days), opts);
      // Recorded first (pointing at them is refused from then on), deleted after.
      if (bucket) for (const version of removed) await bucket.removeAll(`${remote.folder}/${version}`);
      return removed;
    },
    'override-token': (remote, body, opts) =>
      issueOverride(remote.container, text(body.url, 'url'), { ...opts, ttl: text(body.ttl, 'ttl') }),
    'revoke-override': (remote, body, opts) => revokeOverride(remote.container, text(body.id, 'id') ?? '', opts),
  };

  async function serveFile(req, res, relative, headOnly) {
    const segments = safeRelative(relative);
    // Hidden folders are publishes under way and pruned releases.
    if (segments.length < 3 || segments.some((s) => s.startsWith('.'))) throw new HttpError(404, 'no such file');
    if (bucket) return serveFromBucket(req, res, segments.join('/'), headOnly);
    const file = path.join(filesDir, ...segments);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      throw new HttpError(404, 'no such file');
    }
    if (!stat.isFile()) throw new HttpError(404, 'no such file');
    const name = segments.at(-1);
    res.writeHead(200, {
      'content-type': contentTypeOf(name),
      'content-length': stat.size,
      'access-control-allow-origin': '*',
      'cache-control': cacheControlOf(name),
    });
    if (headOnly) res.end();
    else createReadStream(file).pipe(res);
  }

  /**
   * Streamed from the bucket, which may stay private: the same URLs as the folder's, the bucket's
   * ETag for revalidation (the manifest and remoteEntry.js are no-cache, so a page service asks
   * again on every poll and gets a 304), and a missing file is a 404, not a failure.
   */
  async function serveFromBucket(req, res, key, headOnly) {
    const found = await bucket.get(key, req.headers['if-none-match']);
    if (!found) throw new HttpError(404, 'no such file');
    const headers = { 'access-control-allow-origin': '*', 'cache-control': cacheControlOf(key) };
    if (found.notModified) {
      res.writeHead(304, { ...headers, etag: found.etag });
      return res.end();
    }
    res.writeHead(200, {
      ...headers,
      'content-type': found.contentType,
      'content-length': found.size,
      ...(found.etag ? { etag: found.etag } : {}),
    });
    if (headOnly) {
      found.body.destroy();
      return res.end();
    }
    // A bucket that stops half-way: the response ends broken (its length short), never as a whole file.
    pipeline(found.body, res, (error) => {
      if (error) log(`/files/${key}: ${error.message}`);
    });
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://service');
    const route = url.pathname;
    if ((req.method === 'GET' || req.method === 'HEAD') && route.startsWith('/files/'))
      return serveFile(req, res, decodeURIComponent(route.slice('/files/'.length)), req.method === 'HEAD');
    if (req.method === 'GET' && route === '/healthz') return send(res, 200, { status: 'ok' });
    if (req.method === 'GET' && route === '/metrics' && metrics) {
      // Prometheus scrapes the history's counts here (no token: as /v1/pointers, nothing secret).
      const body = await metrics.metrics();
      res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
      return res.end(body);
    }
    if (req.method === 'GET' && route === '/v1/pointers') {
      // Polled by every page service: the version alone decides 304 (one small read, no JSON).
      const etag = `"pointers-${await store.stateVersion()}"`;
      if (req.headers['if-none-match'] === etag) return send(res, 304, undefined, { etag });
      const state = await store.readState();
      return send(res, 200, publicPointers(state), { etag: `"pointers-${state.version}"`, 'cache-control': 'no-cache' });
    }
    if (req.method === 'GET' && (route === '/v1/status' || route === '/v1/history')) {
      const only = url.searchParams.get('remote');
      const remote = only ? remoteNamed(only) : null;
      await authorise(req, null, route.slice(4));
      if (route === '/v1/status') return send(res, 200, await statusFrom(store, { remote: remote?.container }));
      return send(res, 200, {
        changes: await store.readHistory(remote?.container),
        refusals: await store.refusals(remote?.container),
      });
    }
    const releases = /^\/v1\/remotes\/([^/]+)\/releases(?:\/([^/]+))?$/.exec(route);
    if (releases) {
      const remote = remoteNamed(decodeURIComponent(releases[1]));
      if (req.method === 'GET' && !releases[2]) {
        await authorise(req, null, 'list');
        return send(res, 200, await listFrom(store, remote.container, { env: env() }));
      }
      if (req.method === 'POST' && releases[2]) {
        const holder = await authorise(req, remote.container, 'publish');
        const body = await readBody(req);
        return send(res, 201, await publishUpload(remote, decodeURIComponent(releases[2]), body, whoOf(body, holder)));
      }
    }
    const verb = /^\/v1\/remotes\/([^/]+)\/([a-z-]+)$/.exec(route);
    if (verb && req.method === 'POST' && Object.hasOwn(VERBS, verb[2])) {
      const remote = remoteNamed(decodeURIComponent(verb[1]));
      const holder = await authorise(req, remote.container, verb[2]);
      const body = await readBody(req);
      return send(res, 200, await VERBS[verb[2]](remote, body, whoOf(body, holder)));
    }
    throw new HttpError(404, `no ${req.method} ${route} here`);
  }

  const listener = (req, res) => {
    handle(req, res).catch((error) => {
      if (res.headersSent) return res.destroy();
      // Another change came first (compare-and-swap) or the version exists: 409, the CLI's exit code 3.
      // A refusal of release.mjs (its fail()) is a plain Error with a message for the caller.
      const status =
        error instanceof HttpError
          ? error.status
          : error.name === 'StorageUnavailableError'
            ? 503
            : error instanceof ConflictError || error.conflict === true || /releases are immutable/.test(error.message)
              ? 409
              : /^no remote named/.test(error.message)
                ? 404
                : error.constructor === Error && !error.code
                  ? 400
                  : 500;
      if (status === 500 || status === 503) log(`error: ${error.stack ?? error.message}`);
      const detail =
        status === 500 ? 'the release service failed; its log says why' : status === 503 ? BUCKET_DOWN : error.message;
      send(res, status, { detail }, status === 503 ? { 'retry-after': '30' } : {});
    });
  };
  const server = tls
    ? createHttpsServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, listener)
    : createHttpServer(listener);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const listening = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  baseUrl ??= listening;
  return {
    url: baseUrl,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Settings, read by the services' one reader from account-api/src/releases/release-service-settings.ts
 * (which also documents them in docs/settings.md): a bad value stops start-up naming the setting;
 * secrets may come from `NAME_FILE`.
 */
function settingsFrom(env) {
  const read = readSettings(env, RELEASE_SERVICE_SETTINGS);
  if ((read.RELEASE_TLS_KEY === null) !== (read.RELEASE_TLS_CERT === null))
    throw new Error('set both RELEASE_TLS_KEY and RELEASE_TLS_CERT, or neither');
  const dataDir = path.resolve(read.RELEASE_DATA_DIR ?? path.join(parts.ROOT, '.release-service'));
  return {
    // As read, for the files' storage (RELEASE_FILES_STORAGE, S3_*: account-api's release-files.ts).
    read,
    databaseUrl: read.RELEASE_DATABASE_URL,
    dataDir,
    filesDir: path.resolve(read.RELEASE_FILES_DIR ?? path.join(dataDir, 'files')),
    host: read.RELEASE_SERVICE_HOST,
    port: read.RELEASE_SERVICE_PORT,
    publicUrl: read.RELEASE_PUBLIC_URL ?? undefined,
    tls: read.RELEASE_TLS_KEY ? { key: read.RELEASE_TLS_KEY, cert: read.RELEASE_TLS_CERT } : null,
    overrideSecret: read.RELEASE_OVERRIDE_SECRET ?? undefined,
  };
}

async function cli(argv, env) {
  const { read, ...settings } = settingsFrom(env);
  const ReleaseStore = loadReleaseStore();
  const releaseFiles = loadReleaseFiles();
  // RELEASE_FILES_STORAGE and S3_*, read with the rest and checked as the pictures' are
  // (account-api/src/storage/s3-client.ts).
  const bucketSettings = releaseFiles.releaseFilesSettingsFrom(read);
  const store = await ReleaseStore.open({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const [command, sub, arg] = argv;
  if (command === 'token') {
    try {
      if (sub === 'create') {
        if (arg !== EVERY_REMOTE) remoteNamed(arg ?? '');
        const remote = arg === EVERY_REMOTE ? EVERY_REMOTE : remoteNamed(arg).container;
        const { id, token } = await store.createToken(remote);
        console.error(`token ${id} for ${remote} (shown once; revoke: token revoke ${id})`);
        console.log(token);
      } else if (sub === 'revoke') {
        if (!(await store.revokeToken(arg ?? ''))) throw new Error(`no token ${arg} that is not revoked already`);
        console.log(`token ${arg} revoked`);
      } else if (sub === 'list') {
        for (const t of await store.listTokens())
          console.log(`${t.id}  ${t.remote.padEnd(12)} created ${t.createdAt}${t.revokedAt ? `  revoked ${t.revokedAt}` : ''}`);
      } else throw new Error('usage: release-service.mjs token create <remote>|* | token revoke <id> | token list');
    } finally {
      await store.close();
    }
    return;
  }
  if (command !== undefined && command !== 'serve') throw new Error(`unknown command ${command}`);
  const metrics = loadReleaseMetrics()(store);
  const bucket = bucketSettings ? releaseFiles.s3ReleaseFiles(bucketSettings) : null;
  const service = await startReleaseService({ ...settings, store, bucket, metrics, log: (line) => console.log(line) }).catch(
    async (error) => {
      await store.close();
      throw error;
    },
  );
  console.log(`release service: ${service.url} (${store.location}, files in ${bucket ? bucket.where : settings.filesDir})`);
  const stop = async () => {
    await service.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli(process.argv.slice(2), process.env).catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
}
