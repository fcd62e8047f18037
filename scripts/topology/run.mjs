// `npm run topology`: the production topology in the foreground (topology.mjs) until SIGINT or
// SIGTERM. `--test` (what `npm run test:nginx` runs) starts it, runs the Playwright suite of
// e2e/topology against it, stops it and exits with the suite's status.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { startOtlpReceiver } from './otlp-receiver.mjs';
import { startPrometheus } from './prometheus.mjs';
import { startTopology } from './topology.mjs';

const args = process.argv.slice(2);
const testing = args[0] === '--test';
// The tests turn the client telemetry's test switch on (never set in production configs).
if (testing) process.env.TELEMETRY_TEST_SWITCH = '1';
// Preview overrides on (decision 0047): e2e/topology/overrides.spec.ts signs tokens with it.
if (testing) process.env.RELEASE_OVERRIDE_SECRET ??= 'topology-override-secret-0123456789abcdef';
// The release service (decision 0062) unless the tests steer a releases folder: the suite's
// canary, override and pointer specs still do (TOPOLOGY_RELEASES=service runs it with the service).
const releaseService = !testing || process.env.TOPOLOGY_RELEASES === 'service';
// The tests' own release pointers (e2e/topology/canary.spec.ts publishes and steers releases there).
const releasesDir =
  testing && !releaseService && !process.env.RELEASES_DIR
    ? mkdtempSync(path.join(os.tmpdir(), 'portal-topology-releases-'))
    : undefined;
if (releasesDir) process.on('exit', () => rmSync(releasesDir, { recursive: true, force: true }));
// Traces (decision 0059): every page service and API instance sends its spans to a receiver the
// tests read (e2e/topology/traces.spec.ts), exported every 200 ms instead of every 5 s, and
// keeps every trace (the services' default is a share) so each request a test makes is there.
const otlpReceiver = testing ? await startOtlpReceiver({ port: Number(process.env.TOPOLOGY_PORT_BASE ?? 9000) + 95 }) : null;
if (otlpReceiver) {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = otlpReceiver.url;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '200';
  process.env.OTEL_TRACES_SAMPLER_ARG = '1';
}
const topology = await startTopology({ quiet: testing, releaseService, ...(releasesDir ? { releasesDir } : {}) });
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await topology.stop();
  await otlpReceiver?.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

const { urls, ports } = topology;
console.log(
  `== nginx: site ${urls.site} (https ${urls.siteTls}), API ${urls.api}; page services ${urls.pageServices.join(', ')}; API instances ${urls.apiInstances.join(', ')}`,
);
if (topology.releaseService) {
  console.log(`release service: ${topology.releaseService.url}`);
  console.log(`release tokens: ${topology.releaseService.tokensFile}`);
  console.log(
    `   (its certificate: ${topology.releaseService.ca}; the site's token, for the canary watcher: ${topology.releaseService.siteTokenFile})`,
  );
}
console.log(`topology ready: ${urls.siteTls} (plain http for local use: ${urls.site})`);

if (testing) {
  // Prometheus scraping every page service and API instance on its own port (decision 0035),
  // evaluating the alert rules operators load (decision 0055).
  const prometheus = await startPrometheus({
    ruleFiles: [path.join(parts.ROOT, 'deploy', 'prometheus', 'alerts.yml')],
    dir: path.join(topology.dir, 'prometheus'),
    port: ports.control - 1,
    targets: {
      'page-service': urls.pageServices.map((url) => new URL(url).host),
      'account-api': urls.apiInstances.map((url) => new URL(url).host),
    },
  });
  process.on('exit', () => prometheus.stop());
  const playwright = spawn(
    path.join(parts.ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', 'topology.config.ts', ...args.slice(1)],
    {
      cwd: path.join(parts.ROOT, 'e2e'),
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: urls.site,
        E2E_API_URL: urls.api,
        // The site's own ports only: the API and the remotes are under its https origin (decision 0065).
        E2E_PORTS: JSON.stringify({ shell: ports.site }),
        // Node's clients in the specs trust the throw-away certificate nginx serves (browsers: topology.config.ts).
        NODE_EXTRA_CA_CERTS: topology.certificate,
        E2E_API_INSTANCES: JSON.stringify(urls.apiInstances),
        E2E_PAGE_SERVICES: JSON.stringify(urls.pageServices),
        E2E_TOPOLOGY_CONTROL: urls.control,
        E2E_TOPOLOGY_CONFIG: topology.configFile,
        E2E_TLS_URL: urls.siteTls,
        E2E_REDIRECT_URL: urls.redirect,
        E2E_PROMETHEUS_URL: prometheus.url,
        E2E_OTLP_URL: otlpReceiver?.url ?? '',
        E2E_ACCESS_LOG: topology.accessLog,
        E2E_PICTURES_OBJECTS: topology.picturesObjects ?? '',
        ...(releasesDir ? { E2E_RELEASES_DIR: releasesDir, E2E_RELEASES_PORT: String(ports.control - 2) } : {}),
        ...(topology.releaseService
          ? {
              E2E_RELEASE_API_URL: topology.releaseService.url,
              E2E_RELEASE_TOKENS: topology.releaseService.tokensFile,
              E2E_RELEASE_OBJECTS: topology.releaseService.objectsUrl ?? '',
              E2E_RELEASE_SERVICE_DIR: topology.releaseService.dir,
              NODE_EXTRA_CA_CERTS: topology.releaseService.ca,
            }
          : {}),
      },
    },
  );
  const code = await new Promise((resolve) => playwright.on('exit', (status) => resolve(status ?? 1)));
  prometheus.stop();
  await stop(code);
}
