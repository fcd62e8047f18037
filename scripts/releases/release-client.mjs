// `npm run release` against the release service (decision 0062): RELEASE_API_URL and
// RELEASE_TOKEN are all a remote team's CI holds. Each verb is one HTTPS request; the service
// answers with what the local command would have returned, so the CLI prints the same lines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConflictError } from './pointer-store.mjs';

/** Every file of a build, by its path inside it (forward slashes), base64: one request, one release. */
export function buildFiles(dir) {
  const files = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join('/')] = readFileSync(full).toString('base64');
  }
  return files;
}

export class ReleaseClient {
  /** @param {{ url: string, token?: string | undefined, fetch?: typeof fetch }} options */
  constructor({ url, token, fetch: fetchImpl = fetch }) {
    this.url = url.replace(/\/$/, '');
    this.token = token;
    this.fetch = fetchImpl;
  }

  async request(method, route, body) {
    let response;
    try {
      response = await this.fetch(`${this.url}${route}`, {
        method,
        headers: {
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (error) {
      throw new Error(`the release service at ${this.url} did not answer: ${error.cause?.message ?? error.message}`);
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the message below shows the status
    }
    if (response.ok) return json;
    const detail = typeof json?.detail === 'string' ? json.detail : `HTTP ${response.status}`;
    // 409: another change came first, or the version exists: exit code 3, as the local command.
    if (response.status === 409) throw new ConflictError(detail);
    throw new Error(`${detail} (HTTP ${response.status} from ${this.url})`);
  }

  pointers() {
    return this.request('GET', '/v1/pointers');
  }

  /** One change to a remote's pointers: `verb` is point, canary, promote, abort, rollback, … */
  change(remote, verb, body) {
    // Local-only options (the environment, a store) never go over the wire.
    const rest = { ...body };
    for (const local of ['env', 'store', 'client']) delete rest[local];
    return this.request('POST', `/v1/remotes/${encodeURIComponent(remote)}/${verb}`, rest);
  }

  publish(remote, version, dir, who) {
    return this.request('POST', `/v1/remotes/${encodeURIComponent(remote)}/releases/${encodeURIComponent(version)}`, {
      ...who,
      files: buildFiles(dir),
    });
  }

  status(remote) {
    return this.request('GET', `/v1/status${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`);
  }

  async list(remote) {
    const releases = await this.request('GET', `/v1/remotes/${encodeURIComponent(remote)}/releases`);
    return releases.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }));
  }

  history(remote) {
    return this.request('GET', `/v1/history${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`);
  }
}

/** The client when RELEASE_API_URL is set, else null (the local RELEASES_DIR). */
export function clientFromEnv(env = process.env) {
  if (!env.RELEASE_API_URL) return null;
  if (!URL.canParse(env.RELEASE_API_URL)) throw new Error(`RELEASE_API_URL is not a URL (got ${env.RELEASE_API_URL})`);
  return new ReleaseClient({ url: env.RELEASE_API_URL, token: env.RELEASE_TOKEN });
}
