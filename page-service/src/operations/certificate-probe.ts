// The edge's TLS certificates as the public meets them: a TLS handshake with each address of
// CERT_PROBE_URLS (the site's https names, through nginx) reads the certificate served, so a
// renewal that nginx was never reloaded for still shows its old expiry. What it exports is the
// certificate's notAfter, for the expiry alert (deploy/prometheus/alerts.yml).
import tls from 'node:tls';
import { isIP } from 'node:net';
import { Gauge, type Registry } from 'prom-client';

/** A handshake at most this often per address, however often /metrics is scraped. */
const PROBE_EVERY_MS = 60_000;
const PROBE_TIMEOUT_MS = 5_000;

/** notAfter of the certificate `url`'s server presents, in ms since the epoch. */
export function probeCertificate(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<number> {
  const { hostname, port } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port: Number(port || 443),
      // The name nginx picks its certificate by (SNI may not carry an IP address).
      ...(isIP(host) ? {} : { servername: host }),
      // Read even an expired or unknown certificate: its date is what is wanted.
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const notAfter = Date.parse(socket.getPeerCertificate().valid_to);
      socket.end();
      if (Number.isFinite(notAfter)) resolve(notAfter);
      else reject(new Error(`${url}: no certificate expiry`));
    });
    socket.once('timeout', () => socket.destroy(new Error(`${url}: no TLS handshake within ${timeoutMs} ms`)));
    socket.once('error', reject);
  });
}

interface Probe {
  at: number;
  result: Promise<number | null>;
}

export function certificateExpiryGauge(urls: readonly string[], registers: Registry[], now: () => number = Date.now): void {
  const probes = new Map<string, Probe>();
  const probed = (url: string) => {
    const last = probes.get(url);
    if (last && now() - last.at < PROBE_EVERY_MS) return last.result;
    const result = probeCertificate(url).catch(() => null);
    probes.set(url, { at: now(), result });
    return result;
  };
  // Both gauges read the same handshake (kept for PROBE_EVERY_MS): prom-client collects them at once.
  new Gauge({
    name: 'tls_certificate_probe_success',
    help: 'Whether the last TLS handshake with the address (CERT_PROBE_URLS) gave a certificate: 1 or 0',
    labelNames: ['url'],
    registers,
    async collect() {
      const results = await Promise.all(urls.map(probed));
      urls.forEach((url, i) => this.set({ url }, results[i] === null ? 0 : 1));
    },
  });
  new Gauge({
    name: 'tls_certificate_expiry_timestamp_seconds',
    help: 'notAfter of the certificate the address serves (seconds since the epoch); absent while it cannot be read',
    labelNames: ['url'],
    registers,
    async collect() {
      this.reset();
      await Promise.all(
        urls.map(async (url) => {
          const notAfter = await probed(url);
          if (notAfter !== null) this.set({ url }, Math.floor(notAfter / 1000));
        }),
      );
    },
  });
}
