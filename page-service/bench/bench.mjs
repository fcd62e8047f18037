// `npm run bench -w page-service` (part of `npm run bench`): the production page path beside
// its references, in one run. It prints figures and asserts nothing.
//
// 1. HTML through nginx, beside nginx serving a static file of the same bytes (pages/s at
//    BENCH_CONNECTIONS, p99): pages from nginx's own cache, the only copy outside the page
//    services (decision 0067). With BENCH_PAGE_FILES_CHECKOUT=<a built checkout of a commit that
//    still kept page files, e.g. fa87ee1>, that checkout's topology runs too, and its page files
//    are measured in the same table, turn about with this one's, each beside its own static file.
// 2. The page service alone, no cache in front, for `/`.
// 3. A render after a change: CPU ms per page (the page service drawing it again), and the
//    compression of each encoding on the request path.
// 4. Load on pages nginx cannot have kept (a new search each request) while one page service
//    is killed and started again: every status seen.
// 5. Lighthouse mobile through nginx on four pages (BENCH_LIGHTHOUSE=0 skips it).
//
// Needs `npm run build` first. Ports from BENCH_PORT_BASE (default 5000) + 300: the topology's
// own layout (scripts/topology/topology.mjs), without API instances (pages need none).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import autocannon from 'autocannon';
import { openLighthouse } from '../../scripts/bench/lighthouse.mjs';
import { startTopology } from '../../scripts/topology/topology.mjs';
import { buildPageService, PageCache } from '../dist/index.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const base = Number(process.env.BENCH_PORT_BASE ?? 5000) + 300;
const PAGES = ['/', '/all-games', '/categories/Arcade%20Games', '/game/5'];
const BR = { 'Accept-Encoding': 'br', Accept: 'text/html' };

const topology = await startTopology({ base, apiInstances: 0, build: false, quiet: true });
const { urls } = topology;
const pageFilesCheckout = process.env.BENCH_PAGE_FILES_CHECKOUT;
let withFiles = null;

// nginx's own CPU time (its workers', from /proc): pages/s stops telling the paths apart once the
// load generator, on the same cores, is what limits them; the work nginx does per page still does.
const nginxWorkers = (edge) => {
  const master = edge.nginxMasterPid();
  return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
};
const TICKS_PER_S = 100;
const nginxCpuMs = (edge) =>
  nginxWorkers(edge).reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command).
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  }, 0);

async function load(url, { headers = BR, requests, duration = seconds, edge = topology } = {}) {
  const cpuBefore = nginxCpuMs(edge);
  const result = await autocannon({ url, connections, duration, headers, requests });
  const nginxCpuUs = ((nginxCpuMs(edge) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  const statuses = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count.count;
  return {
    rps: result.requests.average,
    nginxCpuUs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  };
}
/** How nginx answered a page: its cache's status, or FILE for a page file. */
const cacheStatus = async (url) => (await fetch(url, { headers: BR })).headers.get('x-cache-status');
/** Warms a page until nginx answers it as `wanted` (a copy or a file), and writes the static reference beside it. */
async function prepare(edge, wanted) {
  for (const page of PAGES) {
    for (let i = 0; (await cacheStatus(edge.urls.site + page)) !== wanted; i += 1) {
      if (i === 50) throw new Error(`${page} was never ${wanted}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const html = await (
    await fetch(`${edge.urls.site}/`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } })
  ).text();
  // The reference: the same bytes as a file nginx serves itself (brotli sibling as every build ships).
  const staticFile = path.join(edge.dir, 'srv', 'shell', 'bench-static.html');
  writeFileSync(staticFile, html);
  writeFileSync(`${staticFile}.br`, brotliCompressSync(Buffer.from(html), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  return html;
}
/** The page-path rows of one edge: its static file, then each page as `label` says, each beside that file. */
async function pageRows(edge, label) {
  const reference = await load(`${edge.urls.site}/bench-static.html`, { edge });
  const rows = [rowOf(`${label.edge}: static file of the same bytes (reference)`, reference)];
  for (const page of PAGES)
    rows.push(rowOf(`${label.edge}: ${label.page} ${page}`, await load(edge.urls.site + page, { edge }), reference));
  return rows;
}
const rowOf = (label, r, ref, { viaNginx = true } = {}) => {
  const cpu = viaNginx ? `${r.nginxCpuUs.toFixed(1)} µs` : '–';
  const cpuRatio = viaNginx && ref ? `${(ref.nginxCpuUs / r.nginxCpuUs).toFixed(2)}×` : '–';
  const ratio = ref ? `${(r.rps / ref.rps).toFixed(2)}×` : '–';
  return `| ${label} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} ms | ${r.p99} ms | ${ratio} | ${cpu} | ${cpuRatio} |`;
};

try {
  if (pageFilesCheckout) {
    const { startTopology: start } = await import(
      pathToFileURL(path.resolve(pageFilesCheckout, 'scripts/topology/topology.mjs')).href
    );
    withFiles = await start({ base: base + 100, apiInstances: 0, build: false, quiet: true });
  }
  // The page services start before nginx, which serves the remotes' files: the first pages are
  // drawn without the remotes' content (never kept), and whole again within a second or two.
  for (const edge of [topology, withFiles].filter(Boolean))
    for (const page of PAGES) for (let i = 0; i < 3; i += 1) await fetch(edge.urls.site + page, { headers: BR });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const html = await prepare(topology, 'HIT');
  if (withFiles) await prepare(withFiles, 'FILE');

  console.log(
    `\nPages at ${connections} connections, ${seconds} s each, brotli (document ${(html.length / 1024).toFixed(1)} KB):`,
  );
  // "× static file": pages/s over the file's; by nginx's CPU, pages per CPU second over the file's.
  console.log(
    '| what | pages/s | p50 | p99 | × static file | nginx CPU per page | × static file by CPU |\n|---|---|---|---|---|---|---|',
  );
  // Turn about, so both see the same load from the rest of the host.
  const cacheOnly = { edge: 'edge cache alone (this commit)', page: 'from the cache' };
  const pageFiles = { edge: `page files (${path.basename(path.resolve(pageFilesCheckout ?? '.'))})`, page: 'a page file' };
  const rows = [await pageRows(topology, cacheOnly)];
  if (withFiles) rows.push(await pageRows(withFiles, pageFiles), await pageRows(topology, cacheOnly));
  for (const row of rows.flat()) console.log(row);
  const reference = await load(`${urls.site}/bench-static.html`);
  console.log(
    rowOf('page service alone, no cache in front: /', await load(`${urls.pageServices[0]}/`), reference, { viaNginx: false }),
  );

  // A render after a change: a page service of its own, every page drawn from an empty cache.
  const { renderer, app } = await buildPageService({
    shellDist: path.join(topology.dir, 'srv', 'shell'),
    prerenderDir: path.join(topology.dir, 'srv', 'shell-prerender'),
    configFile: path.join(topology.dir, 'srv', 'config.json'),
  });
  await renderer.warm();
  console.log(
    '\nA render after a change (median of 9, CPU of this process), and its compression on the request path (once per page):',
  );
  console.log('| page | render | brotli 5 | gzip 6 | bytes (identity / br) |\n|---|---|---|---|---|');
  for (const page of PAGES) {
    const renders = [];
    const compress = { br: [], gzip: [] };
    let sizes = '';
    for (let i = 0; i < 9; i += 1) {
      const rendered = await renderer.page({
        url: `${page}${page.includes('?') ? '&' : '?'}v=${i}`,
        host: 'localhost',
        https: false,
      });
      renders.push(rendered.renderMs);
      for (const encoding of ['br', 'gzip']) {
        const cpu = process.cpuUsage();
        // A cache of its own: the service's cache keeps one compression per document.
        const body = await new PageCache().encoded(rendered, encoding);
        const used = process.cpuUsage(cpu);
        compress[encoding].push((used.user + used.system) / 1000);
        if (encoding === 'br') sizes = `${(rendered.body.length / 1024).toFixed(1)} / ${(body.length / 1024).toFixed(1)} KB`;
      }
    }
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(1);
    console.log(`| ${page} | ${median(renders)} ms | ${median(compress.br)} ms | ${median(compress.gzip)} ms | ${sizes} |`);
  }
  await app.close();

  // A page service killed under load, on pages nobody asked for before (nginx has no copy).
  let n = 0;
  const killRun = load(urls.site, {
    duration: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/search?q=bench-${(n += 1)}` }) }],
  });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await fetch(`${urls.control}/kill/pages/0`, { method: 'POST' });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await fetch(`${urls.control}/start/pages/0`, { method: 'POST' });
  const killed = await killRun;
  const fivexx = Object.entries(killed.statuses).filter(([code]) => code >= '500');
  console.log(
    `\nOne page service killed at 3 s and started again, 10 s of new pages (no cache can help): ` +
      `${Math.round(killed.rps)} pages/s, p99 ${killed.p99} ms, statuses ${JSON.stringify(killed.statuses)}, ` +
      `socket errors ${killed.errors}; 5xx: ${fivexx.length ? JSON.stringify(Object.fromEntries(fivexx)) : 'none'}`,
  );

  if (LIGHTHOUSE) {
    const lh = await openLighthouse();
    console.log('\nLighthouse mobile through nginx:\n| page | perf | accessibility | LCP | CLS |\n|---|---|---|---|---|');
    try {
      for (const page of PAGES) {
        const r = await lh.audit(urls.site + page);
        const ms = (v) => (v === null ? '–' : `${(v / 1000).toFixed(1)} s`);
        console.log(
          `| ${page} | ${r.perf ?? `n/a (${r.error})`} | ${r.accessibility ?? '–'} | ${ms(r.lcpMs)} | ${r.cls?.toFixed(3) ?? '–'} |`,
        );
      }
    } finally {
      await lh.close();
    }
  }
} finally {
  await withFiles?.stop();
  await topology.stop();
}
