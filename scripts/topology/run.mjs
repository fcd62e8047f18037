// `npm run topology`: the production topology in the foreground (topology.mjs) until SIGINT or
// SIGTERM. `--test` (what `npm run test:nginx` runs) starts it, runs the Playwright suite of
// e2e/topology against it, stops it and exits with the suite's status.
import { spawn } from 'node:child_process';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { startOtlpReceiver } from './otlp-receiver.mjs';
import { startPrometheus } from './prometheus.mjs';
import { startTopology } from './topology.mjs';

const args = process.argv.slice(2);
const testing = args[0] === '--test';
// The tests turn the client telemetry's test switch on (never set in production configs).
if (testing) process.env.TELEMETRY_TEST_SWITCH = '1';
// Preview overrides on (decision 0047): the release service signs the tokens of
// e2e/topology/overrides.spec.ts with it, the page services check them.
if (testing) process.env.RELEASE_OVERRIDE_SECRET ??= 'topology-override-secret-0123456789abcdef';
// Traces (decision 0059): every page service and API instance sends its spans to a receiver the
// tests read (e2e/topology/traces.spec.ts), exported every 200 ms instead of every 5 s, and
// keeps every trace (the services' default is a share) so each request a test makes is there.
const otlpReceiver = testing ? await startOtlpReceiver({ port: Number(process.env.TOPOLOGY_PORT_BASE ?? 9000) + 95 }) : null;
if (otlpReceiver) {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = otlpReceiver.url;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '200';
  process.env.OTEL_TRACES_SAMPLER_ARG = '1';
}
const topology = await startTopology({ quiet: testing });
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
const { releaseService } = topology;
console.log(`release service: ${releaseService.url}`);
console.log(`release tokens: ${releaseService.tokensFile}`);
console.log(
  `   (its certificate: ${releaseService.ca}; the site's token, for the canary watcher: ${releaseService.siteTokenFile})`,
);
console.log(`topology ready: ${urls.siteTls} (plain http for local use: ${urls.site})`);

if (testing) {
  // Prometheus scraping every page service and API instance on its own port (decision 0035) and
  // the release service (its history's counts: CanaryAborted), evaluating the alert rules
  // operators load (decision 0055).
  const prometheus = await startPrometheus({
    ruleFiles: [path.join(parts.ROOT, 'deploy', 'prometheus', 'alerts.yml')],
    dir: path.join(topology.dir, 'prometheus'),
    port: ports.control - 1,
    targets: {
      'page-service': urls.pageServices.map((url) => new URL(url).host),
      'account-api': urls.apiInstances.map((url) => new URL(url).host),
      'release-service': { hosts: [new URL(releaseService.url).host], caFile: releaseService.ca },
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
        // Node's clients in the specs trust the throw-away certificates nginx and the release
        // service serve (browsers: topology.config.ts).
        NODE_EXTRA_CA_CERTS: releaseService.caBundle,
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
        // The release service as each team's CI and the canary watcher meet it (decision 0062).
        E2E_RELEASE_API_URL: releaseService.url,
        E2E_RELEASE_TOKENS: releaseService.tokensFile,
        E2E_RELEASE_SITE_TOKEN: releaseService.siteTokenFile,
        E2E_RELEASE_OBJECTS: releaseService.objectsUrl ?? '',
        E2E_RELEASE_SERVICE_DIR: releaseService.dir,
      },
    },
  );
  const code = await new Promise((resolve) => playwright.on('exit', (status) => resolve(status ?? 1)));
  prometheus.stop();
  await stop(code);
}
