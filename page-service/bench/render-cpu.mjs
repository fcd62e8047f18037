// `npm run bench:render -w page-service`: the CPU one page's render costs the page service (the
// SiteRenderer's drawing of a page the cache does not have: the pre-render, the document, its
// CSP; not compression), and the bytes of its HTML, for this build beside another build of the
// page service and shell given as BENCH_BEFORE (a folder holding page-service/dist and
// shell/dist, shell/dist-prerender; e.g. a worktree of an older commit, built). Both draw from the
// same remotes (this checkout's builds), in one run, alternating. Prints figures, asserts nothing.
//
// Needs `npm run build` here (and the BENCH_BEFORE build). The remotes are served from
// BENCH_PORT_BASE (default 5000) + 600 on.
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { startBenchRemotes } from './bench-remotes.mjs';

const { ROOT } = parts;
const base = Number(process.env.BENCH_PORT_BASE ?? 5000) + 600;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PAGES = ['/', '/all-games', '/categories/Arcade%20Games', '/game/5'];
const before = process.env.BENCH_BEFORE;

const builds = [{ label: 'this build', root: ROOT }, ...(before ? [{ label: 'BENCH_BEFORE', root: path.resolve(before) }] : [])];
const remotes = await startBenchRemotes({ base, name: 'bench-render' });
const { configFile } = remotes;

for (const build of builds) {
  const { buildPageService } = await import(path.join(build.root, 'page-service/dist/index.js'));
  const service = await buildPageService({
    shellDist: path.join(build.root, 'shell/dist'),
    prerenderDir: path.join(build.root, 'shell/dist-prerender'),
    configFile,
  });
  await service.renderer.warm();
  build.service = service;
  build.costs = Object.fromEntries(PAGES.map((page) => [page, []]));
  build.bytes = {};
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let variant = 0;
// Alternating builds and pages, so a busy moment of the machine weighs on both alike.
for (let round = 0; round < ROUNDS + 3; round += 1) {
  for (const page of PAGES) {
    for (const build of builds) {
      // A new query each time: a page the cache does not have.
      const drawn = await build.service.renderer.page({
        url: `${page}?bench=${(variant += 1)}`,
        host: 'localhost',
        https: false,
      });
      if (round < 3) continue; // warm-up: the remotes' files and the renderer's first runs
      build.costs[page].push(drawn.renderMs);
      build.bytes[page] = drawn.body.length;
    }
  }
}

console.log(`Render CPU per page (median of ${ROUNDS}, ms) and HTML bytes, side by side in one run:`);
console.log(`| page | ${builds.map((b) => `${b.label} CPU | ${b.label} bytes`).join(' | ')} |`);
console.log(`|---|${builds.map(() => '---|---').join('|')}|`);
for (const page of PAGES)
  console.log(`| ${page} | ${builds.map((b) => `${median(b.costs[page]).toFixed(2)} | ${b.bytes[page]}`).join(' | ')} |`);

for (const build of builds) await build.service.app.close();
await remotes.close();
