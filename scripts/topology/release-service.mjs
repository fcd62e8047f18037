// The topology's release service (decision 0062): scripts/releases/release-service.mjs over HTTPS
// with its own throw-away certificate, its own SQLite database (shared with no other part), the
// published builds in the topology's bucket (no files on its disk; a folder only without one),
// one token per remote written to release-tokens.json (what each team's CI holds)
// and the site's token (every remote: the canary watcher) to release-site-token. The page
// services poll it; they trust its certificate through NODE_EXTRA_CA_CERTS.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { makeCertificate } from '../lib/certificate.mjs';

const SERVICE = path.join(parts.ROOT, 'scripts', 'releases', 'release-service.mjs');

/** GET over HTTPS trusting `ca` only (this process cannot take NODE_EXTRA_CA_CERTS once started). */
const answers = (url, ca) =>
  new Promise((resolve) => {
    const req = https.get(url, { ca, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });

/**
 * Starts it on `port` with its data under `dir`; resolves once /healthz answers over HTTPS.
 * `bucket`: the topology's bucket for builds ({ env, objectsUrl }, pictures-bucket.mjs).
 * @returns {Promise<{ url: string, ca: string, tokensFile: string, siteTokenFile: string, objectsUrl: string | null, stop: () => Promise<void> }>}
 */
export async function startTopologyReleaseService({ dir, port, overrideSecret, bucket = null, quiet = false }) {
  const tls = makeCertificate(path.join(dir, 'tls'));
  const url = `https://localhost:${port}`;
  const env = {
    ...process.env,
    RELEASE_SERVICE_HOST: '127.0.0.1',
    RELEASE_SERVICE_PORT: String(port),
    RELEASE_PUBLIC_URL: url,
    RELEASE_DATA_DIR: path.join(dir, 'data'),
    ...(bucket ? bucket.env : { RELEASE_FILES_STORAGE: 'fs', RELEASE_FILES_DIR: path.join(dir, 'files') }),
    RELEASE_TLS_KEY: tls.key,
    RELEASE_TLS_CERT: tls.cert,
    ...(overrideSecret ? { RELEASE_OVERRIDE_SECRET: overrideSecret } : {}),
  };
  delete env.RELEASE_DATABASE_URL;
  const createToken = (remote) => {
    const result = spawnSync(process.execPath, [SERVICE, 'token', 'create', remote], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`release service token for ${remote}: ${result.stderr.trim()}`);
    return result.stdout.trim();
  };
  const tokens = Object.fromEntries(parts.registry.remotes.map((r) => [r.container, createToken(r.container)]));
  const tokensFile = path.join(dir, 'release-tokens.json');
  writeFileSync(tokensFile, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  const siteTokenFile = path.join(dir, 'release-site-token');
  writeFileSync(siteTokenFile, `${createToken('*')}\n`, { mode: 0o600 });

  const child = spawn(process.execPath, [SERVICE], { env, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'] });
  const ca = readFileSync(tls.cert);
  const deadline = Date.now() + 30_000;
  while (!(await answers(`${url}/healthz`, ca))) {
    if (child.exitCode !== null) throw new Error(`the release service exited (${child.exitCode}) before answering at ${url}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the release service did not answer at ${url} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, ca: tls.cert, tokensFile, siteTokenFile, objectsUrl: bucket?.objectsUrl ?? null, stop };
}
