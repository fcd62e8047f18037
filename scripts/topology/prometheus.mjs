// Debian's Prometheus for the topology test: a config scraping every target each second and
// evaluating the given rule files (deploy/prometheus/alerts.yml), the server started on `port`
// with its data in `dir`, and a small client of its HTTP API.
//   const prometheus = await startPrometheus({ dir, port, targets: { 'account-api': ['127.0.0.1:7001'] }, ruleFiles });
//   await prometheus.query('up')  // → data.result of /api/v1/query
//   await prometheus.stop();
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BINARY = '/usr/bin/prometheus';

/** Installs Debian's prometheus with apt-get when it is missing (as root; otherwise says how). */
export function ensurePrometheus() {
  if (existsSync(BINARY)) return BINARY;
  if (process.getuid?.() !== 0)
    throw new Error(`prometheus is missing at ${BINARY}: sudo apt-get update && sudo apt-get install -y prometheus`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'prometheus']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  // Debian starts its own service on :9090; this test runs its own server on its own port.
  spawnSync('sh', ['-c', 'command -v systemctl >/dev/null && systemctl stop prometheus || service prometheus stop || true'], {
    stdio: 'ignore',
  });
  return BINARY;
}

/**
 * Prometheus's YAML for one job per entry of `targets` (its hosts, or `{ hosts, caFile }` for one
 * scraped over https trusting that certificate), with `ruleFiles` (JSON is valid YAML).
 */
export function scrapeConfig(targets, ruleFiles = []) {
  return JSON.stringify(
    {
      global: { scrape_interval: '1s', evaluation_interval: '1s', scrape_timeout: '900ms' },
      rule_files: ruleFiles,
      scrape_configs: Object.entries(targets).map(([job, target]) => ({
        job_name: job,
        metrics_path: '/metrics',
        ...(Array.isArray(target) ? {} : { scheme: 'https', tls_config: { ca_file: target.caFile } }),
        static_configs: [{ targets: Array.isArray(target) ? target : target.hosts }],
      })),
    },
    null,
    2,
  );
}

/**
 * @param {{ dir: string, port: number, targets: Record<string, string[] | { hosts: string[], caFile: string }>, ruleFiles?: string[] }} options
 * @returns {Promise<{ url: string, query: (promql: string) => Promise<unknown[]>, stop: () => Promise<void> }>}
 */
export async function startPrometheus({ dir, port, targets, ruleFiles = [] }) {
  const binary = ensurePrometheus();
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, scrapeConfig(targets, ruleFiles));
  const log = openSync(path.join(dir, 'prometheus.log'), 'a');
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--storage.tsdb.retention.time=1h',
    ],
    { stdio: ['ignore', log, log] },
  );
  const url = `http://127.0.0.1:${port}`;
  let exited = null;
  child.once('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited !== null) throw new Error(`prometheus exited (${exited}); see ${path.join(dir, 'prometheus.log')}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`prometheus did not become ready on ${url} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async query(promql) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = await response.json();
      if (body.status !== 'success') throw new Error(`query ${promql} failed: ${body.error ?? response.status}`);
      return body.data.result;
    },
    stop: () =>
      new Promise((resolve) => {
        if (exited !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
