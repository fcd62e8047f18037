// `npm run bench:server-render`: decision 0069's one run, both designs side by side. Today's
// fragments (decision 0032: the catalogue renders its pages at its build into fragments.json,
// the page service fills the page's fragment into the shell's pre-render) against Module
// Federation's own server rendering (the catalogue built again as a server remote, loaded at run
// time over HTTP and rendered per request: scripts/bench/server-render/). Prints, per page, the render
// CPU per request, the HTML bytes, what loading costs once per release, the first visit's
// JavaScript the catalogue adds in the browser, and the lines of code of each path.
// `--build` rebuilds the catalogue and the shell first (their dist is read as the page service
// reads it); the server remote is always rebuilt. No port is fixed: the remote is served on an
// ephemeral one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { serverRemoteHost } from './server-render/server-remote-host.mjs';
import { lazyRemotePage, renderRemotePage, streamRemotePage } from './server-render/render-remote-page.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { SHARED_SINGLETONS } = require('@portal/build-config');
const args = new Set(process.argv.slice(2));
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 30;

const CATALOG_DIST = path.join(ROOT, 'mf-catalog', 'dist');
const SERVER_REMOTE_DIST = path.join(ROOT, 'scripts', 'bench', 'server-render', 'dist', 'mf-catalog-server');
const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell', 'public', 'config.json'), 'utf8'));
const HOST = 'localhost';
const ORIGIN = `http://${HOST}`;
/** The brand the shell gives Home on HOST (resolveBrand: the family that lists the host). */
const family = config.brands.find((candidate) => candidate.hosts.includes(HOST));
const BRAND = family ? Object.fromEntries(Object.entries(family).filter(([key]) => key !== 'hosts')) : config.defaultBrand;

/** The catalogue's pages measured: the path, the route the shell mounts the expose under, its props. */
const PAGES = [
  { path: '/', expose: 'HomePage', route: '/', props: { brand: BRAND } },
  { path: '/all-games', expose: 'AllGamesPage', route: '/all-games', props: {} },
  { path: '/categories/Arcade%20Games', expose: 'CategoryPage', route: '/categories/:categoryName', props: {} },
];

const run = (command, argv) => execFileSync(command, argv, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
if (args.has('--build') || !fs.existsSync(path.join(CATALOG_DIST, 'fragments.json')))
  run('npm', ['run', 'build', '-w', 'mf-catalog']);
if (args.has('--build') || !fs.existsSync(path.join(ROOT, 'shell', 'dist-prerender', 'render-page.cjs')))
  run('npm', ['run', 'build', '-w', 'shell']);
run('npx', ['rspack', 'build', '-c', 'scripts/bench/server-render/rspack.server-remote.config.js']);

/** The process's own CPU time (user + system) since `before`, in ms: other processes' load does not count. */
function cpuMsSince(before) {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}
/** Mean CPU ms of `fn` over ITERATIONS calls after WARMUP. */
async function cpuMsPerCall(fn) {
  for (let i = 0; i < WARMUP; i += 1) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i += 1) await fn();
  return cpuMsSince(before) / ITERATIONS;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const br = (text) => zlib.brotliCompressSync(Buffer.from(text)).length;
const ms = (value) => `${value.toFixed(2)} ms`;

// --- Design A: fragments (what the page service does today per request) ---
const { renderPage } = require(path.join(ROOT, 'shell', 'dist-prerender', 'render-page.cjs'));
const fragmentsText = fs.readFileSync(path.join(CATALOG_DIST, 'fragments.json'), 'utf8');
const parseStart = process.cpuUsage();
const fragments = JSON.parse(fragmentsText);
const parseMs = cpuMsSince(parseStart);
// The page service's cut of a fragment at its slots (shared-contracts), bundled from its source.
const { outputFiles } = require('esbuild').buildSync({
  entryPoints: [path.join(ROOT, 'shared-contracts', 'src', 'federation', 'fragments.ts')],
  bundle: true,
  write: false,
  format: 'esm',
});
const { fragmentPieces } = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
const cut = new Map();
/** page-service/src/render/remote-fragments.ts's lookup: the page's HTML cut once at its slots, the props it was drawn with. */
const fragmentLookup = (pathname) => (id) => {
  const [remote, expose] = id.split('/');
  const html = remote === 'mf_catalog' ? fragments.pages[expose]?.[pathname] : undefined;
  if (typeof html !== 'string') return undefined;
  if (!cut.has(html)) cut.set(html, fragmentPieces(html));
  return { pieces: cut.get(html), props: fragments.props[expose] };
};
// What the remote's build spends once to render every page it publishes.
const { renderFragments } = require(path.join(ROOT, 'mf-catalog', 'dist-fragments', 'render-fragments.cjs'));
const buildStart = process.cpuUsage();
const builtPages = Object.values((await renderFragments()).pages).reduce((sum, byPath) => sum + Object.keys(byPath).length, 0);
const buildRenderMs = cpuMsSince(buildStart);
const renderWithFragments = (page) => renderPage(page.path, config, HOST, ORIGIN, fragmentLookup(page.path));
const renderWithoutFragments = (page) => renderPage(page.path, config, HOST, ORIGIN, () => undefined);

// --- Design B: Module Federation server remote, loaded at run time over HTTP ---
const server = http.createServer((request, response) => {
  const file = path.join(SERVER_REMOTE_DIST, path.basename(new URL(request.url ?? '/', ORIGIN).pathname));
  fs.readFile(file, (error, body) => {
    response.writeHead(error ? 404 : 200, { 'content-type': 'text/javascript' });
    response.end(error ? '' : body);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
const host = serverRemoteHost(`http://127.0.0.1:${port}/remoteEntry.js`, 'mf_catalog', SHARED_SINGLETONS);

// Cold: the first request of a release streams while the remote's code arrives.
const coldStart = performance.now();
const lazyPages = Object.fromEntries(PAGES.map((page) => [page.expose, lazyRemotePage(() => host.loadPage(page.expose))]));
const cold = await streamRemotePage(lazyPages[PAGES[0].expose], PAGES[0]);
const coldLoadMs = performance.now() - coldStart;
const components = Object.fromEntries(
  await Promise.all(PAGES.map(async (page) => [page.expose, await host.loadPage(page.expose)])),
);
// Each lazy page resolved once (its first request), as in a page service that has served it.
for (const page of PAGES.slice(1)) await streamRemotePage(lazyPages[page.expose], page);
const inlineScriptBytes = (html) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1].length, 0);

const rows = [];
for (const page of PAGES) {
  const Component = components[page.expose];
  const a = renderWithFragments(page);
  const chrome = renderWithoutFragments(page);
  const remoteHtml = renderRemotePage(Component, page);
  const fragmentHtml = fragments.pages[page.expose]?.[page.path] ?? '';
  const streamed = await streamRemotePage(lazyPages[page.expose], page);
  rows.push({
    page: page.path,
    fragmentsMs: await cpuMsPerCall(() => renderWithFragments(page)),
    chromeMs: await cpuMsPerCall(() => renderWithoutFragments(page)),
    remoteMs: await cpuMsPerCall(() => renderRemotePage(Component, page)),
    streamMs: await cpuMsPerCall(() => streamRemotePage(lazyPages[page.expose], page)),
    pageHtml: a.html.length,
    // Both designs draw the same page: B's markup (less the image preloads React writes ahead of
    // it, which the fragments leave to the browser) is in A's, slots filled.
    sameMarkup: a.html.includes(remoteHtml.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '')),
    fragmentHtml: fragmentHtml.length,
    remoteHtml: remoteHtml.length,
    remoteHtmlBr: br(remoteHtml),
    fragmentHtmlBr: br(fragmentHtml),
    streamedHtml: streamed.html.length,
    streamedScripts: inlineScriptBytes(streamed.html),
    chromeHtml: chrome.html.length,
  });
}
server.close();

// --- The browser's first visit of `/`: the catalogue's scripts, the same for both designs ---
const manifest = JSON.parse(fs.readFileSync(path.join(CATALOG_DIST, 'mf-manifest.json'), 'utf8'));
const homeExpose = manifest.exposes.find((expose) => expose.name === 'HomePage');
const homeScripts = [manifest.metaData.remoteEntry.name, ...homeExpose.assets.js.sync];
const brBytes = (file) => fs.statSync(path.join(CATALOG_DIST, `${file}.br`)).size;
const catalogueJs = homeScripts.reduce((sum, file) => sum + brBytes(file), 0);
// The shell's adoption code (fragments only): minified and compressed on its own.
const { experiments } = require('@rspack/core');
async function minifiedBr(file) {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const { code } = await experiments.swc.transform(source, {
    filename: file,
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'es6' },
  });
  const minified = await experiments.swc.minify(code, { module: true, compress: true, mangle: true });
  return zlib.brotliCompressSync(Buffer.from(minified.code)).length;
}
const ADOPTION_FILES = ['shell/src/federation/adopted-remote.tsx', 'shell/src/federation/remote-fragments.ts'];
const adoptionBr = (await Promise.all(ADOPTION_FILES.map(minifiedBr))).reduce((a, b) => a + b, 0);
// The server remote's code, which the page service would fetch and run once per release.
const serverRemoteBytes = fs
  .readdirSync(SERVER_REMOTE_DIST)
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, f) => sum + fs.statSync(path.join(SERVER_REMOTE_DIST, f)).size, 0);

// --- Lines of code: non-blank, non-comment lines ---
function codeLines(file, only) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  let inBlock = false;
  return text.split('\n').filter((line) => {
    const t = line.trim();
    if (inBlock) {
      if (t.includes('*/')) inBlock = false;
      return false;
    }
    if (t.startsWith('/*')) {
      inBlock = !t.includes('*/');
      return false;
    }
    return t !== '' && !t.startsWith('//') && !t.startsWith('*') && (only === undefined || only.test(line));
  }).length;
}
const FRAGMENT_WORDS = /fragment|adopt|slot/i;
const LOC = {
  fragments: {
    whole: [
      'scripts/write-fragments.mjs',
      'build-config/prerender/render-pages.tsx',
      'mf-catalog/src/prerender/render-fragments.tsx',
      'mf-catalog/rspack.fragments.config.js',
      'mf-player/src/prerender/render-fragments.tsx',
      'mf-player/rspack.fragments.config.js',
      'shared-contracts/src/federation/fragments.ts',
      'shell/src/federation/remote-fragments.ts',
      'shell/src/federation/adopted-remote.tsx',
      'page-service/src/render/remote-fragments.ts',
    ],
    // Files that do more; only their lines naming fragments, adoption or slots.
    partly: [
      'shell/src/prerender/render-page.tsx',
      'shell/src/federation/remote-boundary.tsx',
      'shell/src/federation/remote-boundary-machine.ts',
      'shell/src/bootstrap.tsx',
      'page-service/src/render/document.ts',
      'page-service/src/render/site-renderer.ts',
    ],
    tests: [
      'shared-contracts/test/fragments.test.ts',
      'mf-catalog/src/prerender/render-fragments.test.tsx',
      'mf-player/src/prerender/render-fragments.test.tsx',
      'page-service/src/render/remote-fragments.test.ts',
      'shell/src/federation/remote-fragments.test.tsx',
    ],
  },
  spike: {
    whole: [
      'scripts/bench/server-render/rspack.server-remote.config.js',
      'scripts/bench/server-render/server-remote-host.mjs',
      'scripts/bench/server-render/render-remote-page.mjs',
    ],
    partly: [],
    tests: [],
  },
};
const locOf = ({ whole, partly, tests }) => ({
  whole: whole.reduce((sum, f) => sum + codeLines(f), 0),
  partly: partly.reduce((sum, f) => sum + codeLines(f, FRAGMENT_WORDS), 0),
  tests: tests.filter((f) => fs.existsSync(path.join(ROOT, f))).reduce((sum, f) => sum + codeLines(f), 0),
});
const loc = { fragments: locOf(LOC.fragments), spike: locOf(LOC.spike) };

// --- Report ---
console.log(
  `\nServer rendering, both designs in one run (${ITERATIONS} renders per figure after ${WARMUP} warm-up, process CPU time)\n`,
);
console.log('Render CPU per request, warm (ms):');
console.table(
  rows.map((r) => ({
    page: r.page,
    'A fragments: shell render + fragment': ms(r.fragmentsMs),
    'B MF: shell render (placeholder)': ms(r.chromeMs),
    'B MF: remote page renderToString': ms(r.remoteMs),
    'B MF: remote page stream': ms(r.streamMs),
    'B total (shell + remote string)': ms(r.chromeMs + r.remoteMs),
    'B / A': `${((r.chromeMs + r.remoteMs) / r.fragmentsMs).toFixed(2)}×`,
  })),
);
console.log("HTML bytes of the remote's page (raw / brotli):");
console.table(
  rows.map((r) => ({
    page: r.page,
    'A fragment': `${kb(r.fragmentHtml)} / ${kb(r.fragmentHtmlBr)}`,
    'B renderToString': `${kb(r.remoteHtml)} / ${kb(r.remoteHtmlBr)}`,
    'B stream (warm)': kb(r.streamedHtml),
    'A whole #root': kb(r.pageHtml),
    'B markup in A': r.sameMarkup ? 'yes' : 'NO',
  })),
);
console.log('Once per release of the catalogue, in the page service:');
console.table({
  'A fragments': {
    loads: 'fragments.json',
    bytes: kb(fragmentsText.length),
    'CPU / time': `${ms(parseMs)} JSON.parse (the remote's build rendered its ${builtPages} pages in ${ms(buildRenderMs)})`,
  },
  'B MF server remote': {
    loads: 'remoteEntry.js + chunks over HTTP, run in a vm',
    bytes: kb(serverRemoteBytes),
    'CPU / time': `${ms(coldLoadMs)} to the first page streamed whole`,
  },
});
console.log(
  `B streamed: the first request of a release sent its first bytes after ${ms(cold.shellReadyMs)} and the placeholder ahead of the page; ` +
    `inline <script> bytes (React's boundary swap, which the CSP must then allow): first request ${inlineScriptBytes(cold.html)} B, ` +
    `later ones ${rows.map((r) => r.streamedScripts).join(', ')} B (React sends a ready boundary larger than its progressiveChunkSize, 12.8 KB, after the shell too).`,
);
console.log(
  "\nFirst visit of `/`, the catalogue's scripts in the browser (the budget: 160 KB, 12 scripts; today 159.6 KB in 8):",
);
console.table({
  'A fragments': {
    scripts: homeScripts.length,
    'JS (br)': kb(catalogueJs),
    'shell adoption code (br, in the entry)': kb(adoptionBr),
  },
  'B MF SSR': {
    scripts: homeScripts.length,
    'JS (br)': kb(catalogueJs),
    'shell adoption code (br, in the entry)': 'Suspense + lazy (the boundary has it)',
  },
});
console.log('Lines of code (non-blank, non-comment):');
console.table({
  'A fragments (production)': loc.fragments,
  'B spike (bench only)': loc.spike,
});
