// The certificate expiry the edge serves, read by a real TLS handshake (openssl makes the certificate).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Registry } from 'prom-client';
import { certificateExpiryGauge, probeCertificate } from './certificate-probe';

let dir: string;
let server: tls.Server;
let url: string;
let closedUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'page-service-cert-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=localhost',
    '-keyout', path.join(dir, 'site.key'), '-out', path.join(dir, 'site.crt'),
  ], { stdio: 'ignore' }); // prettier-ignore
  server = tls.createServer(
    { key: readFileSync(path.join(dir, 'site.key')), cert: readFileSync(path.join(dir, 'site.crt')) },
    (s) => s.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://localhost:${(server.address() as AddressInfo).port}/`;
  // A port nothing listens on: a server started and stopped.
  const gone = tls.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedUrl = `https://127.0.0.1:${(gone.address() as AddressInfo).port}/`;
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;

test("reads the served certificate's notAfter, even a self-signed one", async () => {
  const notAfter = await probeCertificate(url);
  expect(notAfter).toBeGreaterThan(Date.now() + 29 * DAY);
  expect(notAfter).toBeLessThan(Date.now() + 31 * DAY);
});

test('exports the expiry per address, and a failed probe as 0 with no expiry', async () => {
  const registry = new Registry();
  certificateExpiryGauge([url, closedUrl], [registry]);
  const text = await registry.metrics();
  const expiry = new RegExp(`^tls_certificate_expiry_timestamp_seconds\\{url="${url}"\\} (\\d+)$`, 'm').exec(text)?.[1];
  expect(Number(expiry) * 1000).toBeGreaterThan(Date.now() + 29 * DAY);
  expect(text).toContain(`tls_certificate_probe_success{url="${url}"} 1`);
  expect(text).toContain(`tls_certificate_probe_success{url="${closedUrl}"} 0`);
  expect(text).not.toContain(`tls_certificate_expiry_timestamp_seconds{url="${closedUrl}"}`);
});
