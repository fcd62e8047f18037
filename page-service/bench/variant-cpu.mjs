// `npm run bench:variants -w page-service`: what one page variant no cache has costs the page
// service (a new query string each request, as a script would send to get past nginx's cache):
// the CPU of this process per request (render and compression; zlib's threads included), for each
// encoding, beside the same page compressed at the strongest setting (brotli 11, gzip 9), which
// no request pays. Prints figures and asserts nothing.
//
// Needs `npm run build` (the shell's dist and dist-prerender, the remotes' dists, this service's
// dist). The remotes are served from BENCH_PORT_BASE (default 5000) + 500 on.
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import parts from '../../build-config/parts.js';
import { buildPageService } from '../dist/index.js';
import { startBenchRemotes } from './bench-remotes.mjs';

const { ROOT, registry } = parts;
const base = Number(process.env.BENCH_PORT_BASE ?? 5000) + 500;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 15);
const PAGE = '/all-games';

const remotes = await startBenchRemotes({ base, name: 'bench-variants' });
const { configFile } = remotes;
const shellDist = path.join(ROOT, registry.shell.folder, 'dist');
const { app, renderer } = await buildPageService({
  shellDist,
  prerenderDir: path.join(ROOT, registry.shell.folder, 'dist-prerender'),
  configFile,
});
await renderer.warm();

const cpuMs = async (work) => {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let variant = 0;
const ask = (encoding) =>
  app.inject({
    method: 'GET',
    url: `${PAGE}?utm_source=bench-${(variant += 1)}`,
    headers: { host: 'localhost', accept: 'text/html', 'accept-encoding': encoding },
  });

// Warm-up: the remotes' files and the renderer's first run.
for (const encoding of ['br', 'gzip', 'identity']) await ask(encoding);

console.log(
  `An uncached variant of ${PAGE} (a new query each request), CPU ms of the page service per request, median of ${REQUESTS}:`,
);
console.log('| Accept-Encoding | CPU per request | bytes sent |\n|---|---|---|');
const sizes = {};
for (const encoding of ['identity', 'gzip', 'br']) {
  const costs = [];
  for (let i = 0; i < REQUESTS; i += 1)
    costs.push(
      await cpuMs(async () => {
        sizes[encoding] = (await ask(encoding)).rawPayload.length;
      }),
    );
  console.log(`| ${encoding} | ${median(costs).toFixed(1)} ms | ${(sizes[encoding] / 1024).toFixed(1)} KB |`);
}

const page = (await ask('identity')).rawPayload;
const reference = (label, compress) => {
  const costs = [];
  let size = 0;
  for (let i = 0; i < 5; i += 1) {
    const before = process.cpuUsage();
    size = compress().length;
    const used = process.cpuUsage(before);
    costs.push((used.user + used.system) / 1000);
  }
  console.log(
    `| reference: ${label} of the same page (kept files only, off the request path) | ${median(costs).toFixed(1)} ms | ${(size / 1024).toFixed(1)} KB |`,
  );
};
reference('brotli 11', () =>
  brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: page.length } }),
);
reference('gzip 9', () => gzipSync(page, { level: 9 }));

await app.close();
await remotes.close();
