// A throw-away self-signed certificate for localhost and 127.0.0.1, valid two days: what the
// topology and the Kubernetes check serve over TLS on this machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `site.key` and `site.crt` into `dir` with openssl; returns their paths.
 * @param {string} dir
 * @param {{ hosts?: string[] }} [options] more host names it is valid for
 */
export function makeCertificate(dir, { hosts = [] } = {}) {
  mkdirSync(dir, { recursive: true });
  const key = path.join(dir, 'site.key');
  const cert = path.join(dir, 'site.crt');
  const openssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      `subjectAltName=${['localhost', ...hosts].map((host) => `DNS:${host}`).join(',')},IP:127.0.0.1`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  if (openssl.status !== 0) throw new Error('openssl could not make the throw-away certificate');
  return { key, cert };
}
