// The production topology on one machine, for real: deploy/nginx.conf in front of two page
// services and two account-api instances on PostgreSQL + Redis, the front ends as static
// folders laid out as a deploy uploads them. Used by `npm run topology` (run.mjs), the topology
// tests (`npm run test:nginx`) and the page bench. Every port comes from one base
// (TOPOLOGY_PORT_BASE, default 9000):
//
//   base+80  the site over http (nginx)          base+43  the site over https (throw-away cert)
//   base+79  http → https redirect (nginx)       base+93  the SMTP sink the API mails to
//   base+1, base+2    account-api instances      base+11, base+12  page services
//   base+98  this harness's control (loopback)   base+97  Prometheus (the tests only)
//   base+95  OTLP receiver (the tests only: run.mjs)
//   base+89  the pictures' S3 bucket (s3rver: pictures-bucket.mjs)
//   base+94  the release service (https; the page services poll its pointers: no releases folder)
//
// The browser talks to the https site only (decision 0065): config.json names the API as
// https://localhost:<base+43>/api and the remotes under /mf-catalog/ … of the same origin. The
// API runs as in production (NODE_ENV=production, mail over SMTP to the sink).
//
// The control answers POST /<action>/<api|pages>/<index>: kill (SIGKILL), stop (SIGTERM, drained),
// start, restart, and roll (a rolling restart of one instance: scripts/topology/rollout.mjs);
// POST /rollout rolls every instance in turn (`npm run rollout`); GET /mail?to=<address> answers
// the newest verification code the SMTP sink received for it.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { makeCertificate } from '../lib/certificate.mjs';
import { startPicturesBucket } from './pictures-bucket.mjs';
import { startTopologyReleaseService } from './release-service.mjs';
import { startMailSink } from '../lib/mail-sink.mjs';
import { productionApiEnv } from './api-env.mjs';
import { reloadNginx } from './nginx-reload.mjs';
import { rollInstance, rollout } from './rollout.mjs';
import { IMAGE_USER, chooseRuntime, createEdge, createLauncher } from './instances.mjs';

const { ROOT, registry } = parts;
const NODE = process.execPath;

/** Every port of the topology from its base. */
export function topologyPorts(base) {
  return {
    site: base + 80,
    siteTls: base + 43,
    redirect: base + 79,
    control: base + 98,
    smtp: base + 93,
    apiInstances: [base + 1, base + 2],
    pageServices: [base + 11, base + 12],
    releaseService: base + 94,
  };
}

async function waitFor(url, label, timeoutMs = 30_000, child = null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}) before answering at ${url}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** deploy/nginx.conf with this run's folders and ports (and workers that may read them). */
export function topologyNginxConf({ srv, etc, dir, ports }) {
  const deploy = path.join(ROOT, 'deploy');
  const localise = (text) =>
    text
      .replaceAll('/srv/portal/', `${srv}/`)
      .replaceAll('/etc/portal/', `${etc}/`)
      .replaceAll('/run/', `${dir}/run/`)
      .replaceAll('/var/log/nginx/', `${dir}/logs/`)
      .replaceAll('/var/cache/portal-nginx/', `${dir}/cache/`);
  for (const file of ['page-cache.conf', 'remote-files.conf'])
    writeFileSync(path.join(etc, file), localise(readFileSync(path.join(deploy, file), 'utf8')));
  const conf = localise(readFileSync(path.join(deploy, 'nginx.conf'), 'utf8'))
    // The harness runs as root and its folders are its own: workers run as root too, two of them.
    .replace('worker_processes auto;', 'user root;\nworker_processes 2;')
    // Tests play many clients from one machine: a request from loopback may name its client's
    // address in X-Forwarded-For (as a load balancer in front would), for the per-client rules.
    .replace('  charset utf-8;\n', '  charset utf-8;\n  set_real_ip_from 127.0.0.1;\n  real_ip_header X-Forwarded-For;\n')
    .replace('listen 80;', `listen ${ports.redirect};`)
    .replace('return 301 https://$host$request_uri;', `return 301 https://$host:${ports.siteTls}$request_uri;`)
    // The site over TLS as in production, and over plain http for local use and the browser tests.
    .replace('listen 443 ssl http2;', `listen ${ports.siteTls} ssl http2;\n    listen ${ports.site};`)
    .replace('server 127.0.0.1:8101 ', `server 127.0.0.1:${ports.pageServices[0]} `)
    .replace('server 127.0.0.1:8102 ', `server 127.0.0.1:${ports.pageServices[1]} `)
    .replace('server 127.0.0.1:8001 ', `server 127.0.0.1:${ports.apiInstances[0]} `)
    .replace('server 127.0.0.1:8002 ', `server 127.0.0.1:${ports.apiInstances[1]} `);
  return conf;
}

/**
 * Starts the whole topology and resolves once every part answers.
 * @param {{ base?: number, build?: boolean, apiInstances?: number, databaseUrl?: string, redisUrl?: string,
 *   quiet?: boolean }} [options]
 */
export async function startTopology({
  base = Number(process.env.TOPOLOGY_PORT_BASE ?? 9000),
  build = process.env.TOPOLOGY_SKIP_BUILD !== '1',
  apiInstances = 2,
  databaseUrl = process.env.DATABASE_URL,
  redisUrl = process.env.REDIS_URL,
  quiet = false,
} = {}) {
  const ports = topologyPorts(base);
  if (apiInstances > 0 && !databaseUrl)
    throw new Error('DATABASE_URL is not set: run through scripts/topology.sh (npm run topology)');
  const folders = [registry.shell.folder, ...registry.remotes.map((r) => r.folder)];
  const built = (file) => existsSync(path.join(ROOT, file));
  if (
    build ||
    !folders.every((f) => built(`${f}/dist/index.html`)) ||
    !built('page-service/dist/server.js') ||
    !built('account-api/dist/server.js') ||
    !['release-store', 'release-files'].every((name) => built(`account-api/dist/${name}.js`))
  )
    run('npm', ['run', 'build']);

  // 1. The folders, as a deploy uploads them.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-topology-'));
  chmodSync(dir, 0o755);
  const srv = path.join(dir, 'srv');
  const etc = path.join(dir, 'etc');
  for (const sub of ['logs', 'cache', 'etc', 'srv/acme']) mkdirSync(path.join(dir, sub), { recursive: true });
  for (const folder of folders) cpSync(path.join(ROOT, folder, 'dist'), path.join(srv, folder), { recursive: true });
  cpSync(path.join(ROOT, registry.shell.folder, 'dist-prerender'), path.join(srv, 'shell-prerender'), { recursive: true });
  const shellConfig = JSON.parse(readFileSync(path.join(ROOT, registry.shell.folder, 'dist', 'config.json'), 'utf8'));
  const configFile = path.join(srv, 'config.json');
  // One https origin for the browser: the site, its API and the remotes' files (decision 0065).
  const siteTls = `https://localhost:${ports.siteTls}`;
  writeFileSync(
    configFile,
    JSON.stringify({
      ...shellConfig,
      accountApiUrl: `${siteTls}/api`,
      remotes: Object.fromEntries(registry.remotes.map((r) => [r.container, `${siteTls}/${r.folder}/mf-manifest.json`])),
    }),
  );
  const { cert } = makeCertificate(path.join(etc, 'tls'));
  const nginxConf = path.join(etc, 'nginx.conf');
  const baseConf = topologyNginxConf({ srv, etc, dir, ports });
  writeFileSync(nginxConf, baseConf);
  // Instances taken out of nginx's rotation ("down"), as a rolling restart does before SIGTERM.
  const down = new Set();
  const portOf = (part, i) => (part === 'api' ? ports.apiInstances[i] : ports.pageServices[i]);
  const setInRotation = (part, i, inRotation) => {
    if (inRotation) down.delete(portOf(part, i));
    else down.add(portOf(part, i));
    let conf = baseConf;
    for (const port of down) conf = conf.replace(new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;]*);`), '$1 down;');
    writeFileSync(nginxConf, conf);
    // Graceful: new workers take the new list, old ones finish what they have in flight; resolves
    // once the old ones are gone.
    return reloadNginx({ masterPid: edge.masterPid(), trigger: () => edge.reload() });
  };

  // Processes of this checkout's build, or containers of this commit's images (instances.mjs).
  const runtime = await chooseRuntime();
  if (runtime.notice) console.log(runtime.notice);
  const instances = createLauncher(runtime, { label: String(base) });
  /**
   * What one container sees of the topology's folder (images only; processes see the host): the
   * folders it alone writes, and read-only the files and folders its settings name (the build,
   * the config, a certificate), never another instance's folder and never the whole tree.
   */
  const mountsFor = (env, writable = []) => {
    const own = (folder) => writable.some((w) => folder === w || folder.startsWith(`${w}/`));
    const named = Object.values(env)
      .filter((value) => typeof value === 'string' && value.startsWith(`${dir}/`) && existsSync(value))
      .map((value) => (statSync(value).isDirectory() ? value : path.dirname(value)))
      .filter((folder) => folder !== dir && !own(folder));
    return [...writable, ...[...new Set(named)].map((folder) => `${folder}:ro`)];
  };
  const edgeWritable = ['logs', 'cache', 'run'].map((sub) => path.join(dir, sub));
  const edge = createEdge(runtime, {
    prefix: dir,
    conf: nginxConf,
    mounts: [...edgeWritable, `${etc}:ro`, `${srv}:ro`],
    label: String(base),
  });
  mkdirSync(path.join(dir, 'run'), { recursive: true });
  if (runtime.kind === 'images') {
    // What the services and nginx write (each API instance its own data folder; nginx its pid
    // file, logs and cache) is the images' non-root user's, and the TLS key nginx reads; the rest
    // stays root's, readable. The page services write nothing (decision 0067).
    const writable = ['api-data-0', 'api-data-1', 'logs', 'cache', 'run'];
    for (const sub of writable) mkdirSync(path.join(dir, sub), { recursive: true });
    for (const sub of [...writable, 'etc/tls/site.key']) chownSync(path.join(dir, sub), IMAGE_USER.uid, IMAGE_USER.gid);
  }

  const sitesOrigins = [`http://localhost:${ports.site}`, `https://localhost:${ports.siteTls}`, `http://127.0.0.1:${ports.site}`];
  const children = { api: [], pages: [] };
  let releases = null;
  const stdio = ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'];
  const apiEnv = (i) => ({
    ...process.env,
    PORT: String(ports.apiInstances[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    // A data folder each, shared with no one: pictures live in the bucket.
    DATA_DIR: path.join(dir, `api-data-${i}`),
    ...pictures?.env,
    JWT_SECRET: 'topology-test-secret-0123456789abcdef',
    ...productionApiEnv({ smtpUrl: mailSink?.url, siteUrl: siteTls, corsOrigins: sitesOrigins }),
  });
  const launch = {
    api: (i) =>
      instances.spawn('api', {
        stdio,
        mounts: mountsFor(apiEnv(i), [path.join(dir, `api-data-${i}`)]),
        env: apiEnv(i),
      }),
    pages: (i) => {
      const env = pageEnv(i);
      return instances.spawn('pages', { stdio, mounts: mountsFor(env), env });
    },
  };
  /** A page service's settings: it writes nothing (decision 0067), so it mounts nothing writable. */
  function pageEnv(i) {
    return {
      ...process.env,
      PORT: String(ports.pageServices[i]),
      HOST: '127.0.0.1',
      SHELL_DIST: path.join(srv, 'shell'),
      PRERENDER_DIR: path.join(srv, 'shell-prerender'),
      CONFIG_FILE: configFile,
      // nginx is the one hop in front (per-address limits of the telemetry collector).
      TRUST_PROXY_HOPS: '1',
      // The certificate nginx serves, read as players get it (the expiry alert's metric).
      CERT_PROBE_URLS: `https://localhost:${ports.siteTls}/`,
      // They read the remotes' files over https from nginx, which serves the throw-away
      // certificate, and the release service's pointers over https (its own certificate).
      NODE_EXTRA_CA_CERTS: releases.caBundle,
      // The release pointers (decision 0062): polled from the release service, no folder shared.
      RELEASE_API_URL: releases.url,
      RELEASE_POLL_MS: '1000',
      LOG_LEVEL: 'warn',
    };
  }
  const healthUrl = {
    api: (i) => `http://127.0.0.1:${ports.apiInstances[i]}/health`,
    // Ready means whole pages: the shell's build, the config and every remote's files (served by nginx).
    pages: (i) => `http://127.0.0.1:${ports.pageServices[i]}/readyz`,
  };
  const start = async (part, i) => {
    const child = launch[part](i);
    children[part][i] = child;
    // A start on a busy machine (migrations checked, scrypt warmed) can take a while.
    await waitFor(healthUrl[part](i), `${part} ${i}`, 90_000, child);
  };
  const stopChild = (part, i, signal = 'SIGTERM') =>
    new Promise((resolve) => {
      const child = children[part][i];
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
      child.once('exit', () => resolve(undefined));
      child.kill(signal);
    });

  let nginxStarted = false;
  let control = null;
  let pictures = null;
  let mailSink = null;
  const stop = async () => {
    control?.close();
    if (nginxStarted) edge.stop();
    await Promise.all(
      [...children.api.keys()]
        .map((i) => stopChild('api', i))
        .concat([...children.pages.keys()].map((i) => stopChild('pages', i))),
    );
    await pictures?.stop();
    await releases?.stop();
    await mailSink?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const startedAt = Date.now();
  try {
    // 2. The pictures' bucket, the mail sink, the database's migrations (production refuses to
    // start with any pending, as the Kubernetes Job runs them), then the API instances one after
    // the other.
    // The release service keeps its builds in the same S3 server's second bucket.
    pictures = await startPicturesBucket({ port: base + 89, dir: path.join(dir, 'pictures-bucket') });
    if (apiInstances > 0) {
      mailSink = await startMailSink({ port: ports.smtp, logFile: path.join(dir, 'logs', 'mail-sink.log') });
      run(NODE, [path.join(ROOT, 'account-api', 'dist', 'operations.js'), 'migrate'], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: apiEnv(0),
      });
    }
    for (let i = 0; i < apiInstances; i += 1) await start('api', i);
    // 3. nginx in front: it also serves the remotes' files, which the page services need to be ready.
    edge.test();
    const edgeContainer = await edge.start();
    nginxStarted = true;
    await waitFor(`http://localhost:${ports.site}/__health`, 'nginx', 30_000, edgeContainer);
    releases = await startTopologyReleaseService({
      dir: path.join(dir, 'release-service'),
      port: ports.releaseService,
      overrideSecret: process.env.RELEASE_OVERRIDE_SECRET,
      bucket: pictures.releases,
      quiet,
    });
    // Whoever reads both the site and the release service over https trusts both certificates.
    mkdirSync(path.join(dir, 'trust'));
    releases.caBundle = path.join(dir, 'trust', 'trusted-certificates.pem');
    writeFileSync(releases.caBundle, readFileSync(cert, 'utf8') + readFileSync(releases.ca, 'utf8'));
    // 4. The page services, each until its /readyz says it draws whole pages.
    await Promise.all(ports.pageServices.map((_, i) => start('pages', i)));
    await waitFor(`http://localhost:${ports.site}/`, 'a page through nginx', 15_000);
    if (apiInstances > 0) await waitFor(`http://localhost:${ports.site}/api/health`, 'the API through nginx', 15_000);
    console.log(
      `== topology: every part ready ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the first start (${runtime.kind === 'images' ? `images :${runtime.tag}` : 'processes'})`,
    );
  } catch (error) {
    const log = path.join(dir, 'logs', 'portal-error.log');
    if (existsSync(log)) console.error(readFileSync(log, 'utf8').split('\n').slice(-20).join('\n'));
    await stop();
    throw error;
  }

  // 5. A loopback control for tests and `npm run rollout`: kill, stop, start, restart or roll one
  // instance of a part, roll them all, read the mail sink.
  const roll = async (part, i) => {
    const before = children[part][i]?.pid;
    await rollInstance({
      setInRotation: (inRotation) => setInRotation(part, i, inRotation),
      stop: () => stopChild(part, i),
      start: () => start(part, i),
    });
    return `pid ${before} → ${children[part][i]?.pid}, ready`;
  };
  control = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/mail') {
      const code = mailSink?.codeFor(url.searchParams.get('to') ?? '') ?? null;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code }));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/rollout') {
      // Each step as a line while it happens; the last line says whether all of it went through.
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      const instances = ['api', 'pages'].flatMap((part) => [...children[part].keys()].map((index) => ({ part, index })));
      try {
        await rollout(instances, roll, (line) => res.write(`${line}\n`));
        res.end('rollout done\n');
      } catch (error) {
        res.end(`rollout failed: ${error.message}\n`);
      }
      return;
    }
    const [, action, part, index] = url.pathname.split('/');
    const i = Number(index);
    try {
      if (req.method !== 'POST' || !children[part] || !(i in children[part]))
        throw new Error(`unknown: ${req.method} ${req.url}`);
      if (action === 'kill') await stopChild(part, i, 'SIGKILL');
      else if (action === 'stop') await stopChild(part, i);
      else if (action === 'start') await start(part, i);
      else if (action === 'restart') {
        await stopChild(part, i);
        await start(part, i);
      } else if (action === 'roll') await roll(part, i);
      else throw new Error(`unknown action ${action}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true }));
    } catch (error) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: error.message }));
    }
  });
  await new Promise((resolve) => control.listen(ports.control, '127.0.0.1', resolve));

  return {
    ports,
    dir,
    configFile,
    certificate: cert,
    /** nginx's master process as this host sees it (from the images: the container's first process). */
    nginxMasterPid: () => edge.masterPid(),
    accessLog: path.join(dir, 'logs', 'portal-access.log'),
    picturesObjects: pictures?.objectsUrl ?? null,
    urls: {
      site: `http://localhost:${ports.site}`,
      siteTls: `https://localhost:${ports.siteTls}`,
      redirect: `http://localhost:${ports.redirect}`,
      // The API as the browser reaches it (config.json's accountApiUrl).
      api: `${siteTls}/api`,
      control: `http://127.0.0.1:${ports.control}`,
      apiInstances: ports.apiInstances.slice(0, apiInstances).map((port) => `http://127.0.0.1:${port}`),
      pageServices: ports.pageServices.map((port) => `http://127.0.0.1:${port}`),
    },
    releaseService: {
      url: releases.url,
      ca: releases.ca,
      /** The site's and the release service's certificates, for a client that reads both. */
      caBundle: releases.caBundle,
      tokensFile: releases.tokensFile,
      siteTokenFile: releases.siteTokenFile,
      objectsUrl: releases.objectsUrl,
      dir: path.join(dir, 'release-service'),
    },
    stop,
  };
}
