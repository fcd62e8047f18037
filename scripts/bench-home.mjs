// `npm run bench` (first part): what a first visit costs, federated vs one ordinary bundle.
// Serves the last production build (run `npm run build` first) next to a reference single-bundle
// app it builds itself (scripts/bench/reference/: the shell importing the remotes' exposed
// modules directly, no federation, output in bench-out/, never deployed), loads each page cold
// in Chromium and prints, side by side with the federated/single ratio: compressed JS bytes,
// script requests, the critical request chain to the first card or frame, the median time to
// it, Lighthouse mobile scores, and when things paint at 400 kbps / 400 ms RTT.
// Prints figures; asserts nothing (the deterministic budgets are e2e/tests/budget.spec.ts).
import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openLighthouse } from './bench/lighthouse.mjs';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/chromium.mjs';
import { measurePageLoad } from './bench/measure-page.mjs';
import { precompress } from './precompress.mjs';
import { portsFromBase, serveAll } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Emulated on every request of the timed runs, so round trips cost what they cost on a phone. */
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const base = Number(process.env.BENCH_PORT_BASE ?? 5000);
const ports = portsFromBase(base);
const referencePort = base + 90;
const referenceDir = path.join(root, 'bench-out/reference');

for (const file of [
  'shell/dist/index.html',
  'mf-catalog/dist/index.html',
  'mf-player/dist/index.html',
  'mf-account/dist/index.html',
  'page-service/dist/index.js',
]) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
// Built above (npm run build), so imported only now.
const { startPageService } = await import('../page-service/dist/index.js');

console.log('Building the reference single-bundle app into bench-out/reference …');
const build = spawnSync(
  path.join(root, 'node_modules/.bin/rspack'),
  ['build', '-c', 'scripts/bench/reference/rspack.config.cjs', '--mode', 'production'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);
await precompress(referenceDir);

const games = JSON.parse(readFileSync(path.join(root, 'shared-contracts/src/catalogue/games.json'), 'utf8'));
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const firstCategory = [...new Set(games.map((g) => g.category))].sort((a, b) => byName.compare(a, b))[0];
const PAGES = ['/', '/all-games', `/categories/${encodeURIComponent(firstCategory)}`, `/game/${games[0].id}`];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const { stop } = await serveAll({ ports, quiet: true, apiEnv: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
// The reference is served the same way (config and stylesheet inlined), without a pre-renderer.
const referenceServer = await startPageService({
  shellDist: referenceDir,
  port: referencePort,
  overrides: { accountApiUrl: `http://localhost:${ports.api}` },
  serveAssets: true,
});
const BUILDS = {
  federated: `http://localhost:${ports.shell}`,
  single: `http://localhost:${referencePort}`,
};
const ownPorts = new Set([...Object.values(ports), referencePort].map(String));
const isOwn = (url) => {
  const { hostname, port } = new URL(url);
  return hostname === 'localhost' && ownPorts.has(port);
};

const median = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
/** results[page][build] = { jsBytes, scriptRequests, chain, contentMs, lighthouse, slow } */
const results = {};
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  for (const page of PAGES) {
    results[page] = {};
    for (const [buildName, origin] of Object.entries(BUILDS)) {
      process.stdout.write(`  ${buildName.padEnd(9)} ${page} `);
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await measurePageLoad(browser, origin + page, { isOwn, latencyMs: RTT_MS }));
        process.stdout.write('.');
      }
      // The chain is read at a long latency, where parallel and sequential requests cannot blur.
      const chainRun = await measurePageLoad(browser, origin + page, { isOwn, latencyMs: 150 });
      const slow = await measurePageLoad(browser, origin + page, {
        isOwn,
        latencyMs: 400,
        throughputKbps: 400,
        viewport: { width: 375, height: 812 },
        timeoutMs: 120_000,
      });
      process.stdout.write(' ');
      results[page][buildName] = {
        jsBytes: median(runs.map((r) => r.jsBytes)),
        scriptRequests: median(runs.map((r) => r.scriptRequests)),
        chain: chainRun.chain,
        contentMs: median(runs.map((r) => r.contentMs)),
        slow,
      };
      process.stdout.write('\n');
    }
  }
} finally {
  await browser.close();
}
if (LIGHTHOUSE) {
  const lh = await openLighthouse();
  try {
    for (const page of PAGES) {
      for (const [buildName, origin] of Object.entries(BUILDS)) {
        process.stdout.write(`  lighthouse ${buildName} ${page}\n`);
        results[page][buildName].lighthouse = await lh.audit(origin + page);
      }
    }
  } finally {
    await lh.close();
  }
}
await stop();
referenceServer.close();
rmSync(dataDir, { recursive: true, force: true });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === null || n === undefined ? '–' : `${Math.round(n)} ms`);
const ratio = (a, b) => (a === null || b === null || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);
const row = (label, f, s, r = '') => `| ${label} | ${f} | ${s} | ${r} |`;

console.log(
  `\nFirst visit, cold cache. Timed figures: median of ${RUNS} loads at ${RTT_MS} ms emulated RTT (1440×900); ` +
    `chain: sequential round trips from the HTML to the first card or frame (150 ms RTT run); ` +
    `JS: compressed body bytes of every script, all origins.`,
);
for (const page of PAGES) {
  const { federated: f, single: s } = results[page];
  console.log(`\n| ${page} | federated | single bundle | federated/single |\n|---|---|---|---|`);
  console.log(row('compressed JS', kb(f.jsBytes), kb(s.jsBytes), ratio(f.jsBytes, s.jsBytes)));
  console.log(row('script requests', f.scriptRequests, s.scriptRequests, ratio(f.scriptRequests, s.scriptRequests)));
  console.log(row('critical chain (round trips)', f.chain, s.chain, ratio(f.chain, s.chain)));
  console.log(row('first card / frame (median)', ms(f.contentMs), ms(s.contentMs), ratio(f.contentMs, s.contentMs)));
  if (f.lighthouse && s.lighthouse) {
    const l = (x) => x.lighthouse;
    // A run Lighthouse could not score prints its reason instead of a figure.
    const score = (x, key, format = (v) => v) => (l(x)[key] === null ? `n/a (${l(x).error ?? 'no score'})` : format(l(x)[key]));
    console.log(row('Lighthouse mobile perf', score(f, 'perf'), score(s, 'perf'), ratio(l(f).perf, l(s).perf)));
    console.log(row('Lighthouse accessibility', score(f, 'accessibility'), score(s, 'accessibility')));
    console.log(row('Lighthouse LCP', score(f, 'lcpMs', ms), score(s, 'lcpMs', ms), ratio(l(f).lcpMs, l(s).lcpMs)));
    console.log(
      row(
        'Lighthouse CLS',
        score(f, 'cls', (v) => v.toFixed(3)),
        score(s, 'cls', (v) => v.toFixed(3)),
      ),
    );
  }
  const paint = (x, name) => {
    const at = x.slow.landmarks[name];
    return at === undefined ? 'never' : ms(Math.max(at, x.slow.fcpMs ?? 0));
  };
  for (const [name, label] of [
    ['header', 'header'],
    ['footer', 'footer'],
    ['placeholder', 'placeholder cards (or the first card)'],
    ['content', 'first card / frame'],
  ]) {
    console.log(row(`400 kbps · 400 ms RTT, 375 px: ${label} painted`, paint(f, name), paint(s, name)));
  }
}
