// `npm run kube:check`: plays deploy/kubernetes/example/all.yaml with `podman kube play`, checks
// that every pod becomes ready (each container's own readinessProbe, evaluated from this host),
// that the migrate Job's pod ends with 0, and that the site answers over TLS through the edge
// with whole pages from the edge's cache, /config.json and the API in production mode (a player signs up
// with the code the example's SMTP sink received, verifies and signs in); then tears it all
// down. Prints the seconds from `podman kube play` to every pod ready.
//
// podman 4.3 is not Kubernetes; what this adapts, and why (README, "Kubernetes"):
// - a Deployment becomes one Pod named after it (podman plays a Deployment as `<name>-pod`, and
//   only the pod's name is in the network's DNS: naming it as its Service keeps `account-api:8000`
//   working); the Job becomes a Pod (podman does not play Jobs);
// - an emptyDir gets its pod's name in front (podman shares same-named emptyDirs between pods);
// - Services, PodDisruptionBudgets and HorizontalPodAutoscalers are left out (not played);
// - each container port is also published on this host (hostPort, from KUBE_CHECK_PORT_BASE,
//   default TOPOLOGY_PORT_BASE + 200) so the probes can be run from here;
// - the Secrets an operator creates (portal-secrets, portal-tls, example-postgres) are made here
//   with throw-away values, played as ConfigMaps of the same data and mounted the same way
//   (podman 4.3.1 dereferences a nil secrets store on any Secret volume and crashes), and each claim is made here as a podman volume of its name, owned
//   by the pods' user (Kubernetes does that with fsGroup; podman does not).
// KUBE_CHECK_BUILD=1 (or missing images) runs `npm run images -- --example` first.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';
import { buildImages, EXAMPLE_IMAGE, IMAGE_NAMES } from '../images/build.mjs';
import { makeCertificate } from '../lib/certificate.mjs';
import { verificationCode } from '../lib/mail-sink.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXAMPLE = path.join(ROOT, 'deploy', 'kubernetes', 'example', 'all.yaml');
const NETWORK = 'portal-kube-check';
const PORT_BASE = Number(process.env.KUBE_CHECK_PORT_BASE ?? Number(process.env.TOPOLOGY_PORT_BASE ?? 9000) + 200);
const READY_TIMEOUT_MS = Number(process.env.KUBE_CHECK_TIMEOUT_SECONDS ?? 240) * 1000;
const NOT_PLAYED = new Set(['Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler']);

const podman = (args, options = {}) => spawnSync('podman', args, { encoding: 'utf8', ...options });
function must(args) {
  const result = podman(args);
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout.trim();
}

/** Throw-away secrets, as an operator would create them, and the certificate the edge serves. */
function secrets(dir) {
  const password = randomBytes(18).toString('hex');
  // Also for `edge`: the example's site name, which the page services read the remotes' files from.
  const { key, cert } = makeCertificate(dir, { hosts: ['edge', 'release-service'] });
  // Played as ConfigMaps of the same data: podman 4.3.1 crashes on a Secret volume (above).
  const secret = (name, data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
  return {
    cert: readFileSync(cert),
    objects: [
      secret('portal-secrets', {
        'jwt-secret': randomBytes(48).toString('base64'),
        'database-url': `postgres://portal:${password}@postgres:5432/postgres`,
        'smtp-url': 'smtp://mail:2525',
        'redis-url': 'redis://redis:6379',
      }),
      secret('example-postgres', { password }),
      secret('portal-tls', { 'tls.crt': readFileSync(cert, 'utf8'), 'tls.key': readFileSync(key, 'utf8') }),
    ],
  };
}

/** The example as podman 4.3 plays it (see the top of this file), and where each probe is reachable. */
function forPodman(objects) {
  let next = PORT_BASE;
  const pods = [];
  const played = [];
  const emptyDirs = [];
  for (const object of objects) {
    if (NOT_PLAYED.has(object.kind)) continue;
    if (object.kind === 'PersistentVolumeClaim') continue; // made here as volumes, writable (below)
    if (object.kind !== 'Deployment' && object.kind !== 'Job') {
      played.push(object);
      continue;
    }
    const { name } = object.metadata;
    const spec = structuredClone(object.spec.template.spec);
    if (object.kind === 'Deployment') {
      if (object.spec.replicas !== 1) throw new Error(`${name}: the example runs one replica of each part`);
      spec.restartPolicy = 'Always';
    }
    // podman 4.3 plays an emptyDir as a named volume of the same name, shared by every pod that
    // names one alike: each gets its pod's name in front, as separate as Kubernetes makes them.
    for (const volume of spec.volumes ?? []) {
      if (!volume.emptyDir) continue;
      for (const container of spec.containers)
        for (const mount of container.volumeMounts ?? []) if (mount.name === volume.name) mount.name = `${name}-${volume.name}`;
      volume.name = `${name}-${volume.name}`;
      emptyDirs.push(volume.name);
    }
    for (const volume of spec.volumes ?? []) {
      if (!volume.secret) continue;
      volume.configMap = { name: volume.secret.secretName, ...(volume.secret.items ? { items: volume.secret.items } : {}) };
      delete volume.secret;
    }
    for (const container of spec.containers)
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) variable.valueFrom = { configMapKeyRef: ref };
      }
    const probes = [];
    for (const container of spec.containers) {
      const published = new Map();
      for (const port of container.ports ?? []) {
        port.hostPort = next;
        published.set(port.name, next);
        published.set(port.containerPort, next);
        next += 1;
      }
      const readiness = container.readinessProbe;
      if (readiness)
        probes.push({
          container: container.name,
          ...(readiness.httpGet
            ? {
                kind: 'http',
                scheme: readiness.httpGet.scheme ?? 'HTTP',
                path: readiness.httpGet.path,
                port: published.get(readiness.httpGet.port),
              }
            : { kind: 'tcp', port: published.get(readiness.tcpSocket.port) }),
        });
    }
    played.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: object.metadata.labels }, spec });
    pods.push({ name, job: object.kind === 'Job', probes, containers: spec.containers.map((c) => c.name) });
  }
  return {
    played,
    pods,
    emptyDirs,
    claims: objects.filter((o) => o.kind === 'PersistentVolumeClaim').map((o) => o.metadata.name),
  };
}

function request(url, { ca, headers = {}, method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, { method, headers, ca, timeout: 10_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** The verification code the example's mail sink printed for this address, once it has. */
async function mailedCode(email) {
  for (let i = 0; i < 40; i += 1) {
    const log = podman(['logs', 'mail-mail']);
    const code = verificationCode(`${log.stdout}${log.stderr}`, email);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}

/** A player signs up, verifies with the code from the mail sink (real SMTP) and signs in. */
async function signUp(api, ca) {
  const email = `kube-check-${Date.now().toString(36)}@example.com`;
  const password = 'Tr0mbone-Kettle!';
  const form = (fields) => ({
    ca,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const registered = await request(
    `${api}/register/`,
    form({ username: email.split('@')[0], email, firstName: 'Kube', lastName: 'Check', password }),
  );
  if (registered.status !== 201) return `sign-up answered ${registered.status}: ${registered.body}`;
  const code = await mailedCode(email);
  if (!code) return 'no verification mail reached the SMTP sink';
  const verified = await request(`${api}/verify-email/`, form({ email, verification_code: code }));
  if (verified.status !== 200) return `verification answered ${verified.status}: ${verified.body}`;
  const signedIn = await request(`${api}/login/`, {
    ca,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  return signedIn.status === 200 && JSON.parse(signedIn.body).access_token ? null : `sign-in answered ${signedIn.status}`;
}

const tcpOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });

async function probeReady(probe, ca) {
  if (probe.kind === 'tcp') return tcpOpen(probe.port);
  const scheme = probe.scheme.toLowerCase();
  try {
    const { status } = await request(`${scheme}://localhost:${probe.port}${probe.path}`, { ca });
    return status >= 200 && status < 400;
  } catch {
    return false;
  }
}

function containerState(pod, container) {
  const out = podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', `${pod}-${container}`]).stdout.trim();
  const [status = 'missing', code = ''] = out.split(' ');
  return { status, code: Number(code) };
}

async function main() {
  const images = [...Object.values(IMAGE_NAMES), EXAMPLE_IMAGE].map((name) => `${name}:latest`);
  const missing = images.filter((image) => podman(['image', 'exists', image]).status !== 0);
  if (process.env.KUBE_CHECK_BUILD === '1' || missing.length) {
    if (missing.length) console.log(`== kube:check: building the images (missing: ${missing.join(', ')})`);
    buildImages({ build: process.env.IMAGES_SKIP_BUILD !== '1', example: true });
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-kube-check-'));
  const objects = parseAllDocuments(readFileSync(EXAMPLE, 'utf8')).map((document) => document.toJS());
  const { cert, objects: secretObjects } = secrets(dir);
  const { played, pods, claims, emptyDirs } = forPodman(objects);
  const file = path.join(dir, 'played.yaml');
  writeFileSync(file, [...secretObjects, ...played].map((object) => stringify(object)).join('---\n'));
  const skipped = [...new Set(objects.filter((o) => NOT_PLAYED.has(o.kind)).map((o) => o.kind))];
  console.log(
    `== kube:check: ${pods.length} pods (${pods.map((p) => p.name).join(', ')}); not played by podman: ${skipped.join(', ')}`,
  );

  const failures = [];
  const started = Date.now();
  try {
    if (podman(['network', 'exists', NETWORK]).status !== 0) must(['network', 'create', NETWORK]);
    // The claims' volumes, writable by the pods' user (what fsGroup does on Kubernetes).
    for (const claim of claims) {
      podman(['volume', 'rm', '-f', claim]);
      must(['volume', 'create', claim]);
      chownSync(must(['volume', 'inspect', '--format', '{{.Mountpoint}}', claim]), 10001, 10001);
    }
    const play = podman(['kube', 'play', '--network', NETWORK, file]);
    if (play.status !== 0) throw new Error(`podman kube play failed: ${play.stderr}`);

    const deadline = started + READY_TIMEOUT_MS;
    const pending = new Set(pods.map((pod) => pod.name));
    while (pending.size && Date.now() < deadline) {
      for (const pod of pods) {
        if (!pending.has(pod.name)) continue;
        if (pod.job) {
          const state = containerState(pod.name, pod.containers[0]);
          if (state.status === 'exited' && state.code === 0) {
            pending.delete(pod.name);
            console.log(`   ${pod.name}: completed (exit 0) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
          }
          continue;
        }
        const ready = await Promise.all(pod.probes.map((probe) => probeReady(probe, cert)));
        if (ready.every(Boolean)) {
          pending.delete(pod.name);
          console.log(`   ${pod.name}: ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
      }
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (pending.size) {
      for (const name of pending) {
        const pod = pods.find((p) => p.name === name);
        for (const container of pod.containers)
          console.error(
            `--- ${name}/${container} (${JSON.stringify(containerState(name, container))}):\n${podman(['logs', '--tail', '30', `${name}-${container}`]).stderr}${podman(['logs', '--tail', '30', `${name}-${container}`]).stdout}`,
          );
      }
      throw new Error(`not ready within ${READY_TIMEOUT_MS / 1000} s: ${[...pending].join(', ')}`);
    }
    console.log(`== every pod ready ${seconds} s after podman kube play`);

    // The site through the edge, over TLS.
    const edge = pods.find((pod) => pod.name === 'edge');
    const httpsPort = edge.probes[0].port;
    const site = `https://localhost:${httpsPort}`;
    const check = async (label, url, test, options = {}) => {
      try {
        const answer = await request(url, { ca: cert, ...options });
        const problem = test(answer);
        if (problem) failures.push(`${label}: ${problem}`);
        else console.log(`   ok: ${label}`);
      } catch (error) {
        failures.push(`${label}: ${error.message}`);
      }
    };
    const html = { accept: 'text/html', 'accept-encoding': 'identity' };
    await check(
      '/ is a whole page with HSTS',
      `${site}/`,
      ({ status, body, headers }) =>
        status !== 200
          ? `status ${status}`
          : !body.includes('data-remote-fragments')
            ? 'no remote content in the page'
            : !headers['strict-transport-security']
              ? 'no HSTS'
              : null,
      { headers: html },
    );
    await check(
      '/all-games is whole and cacheable',
      `${site}/all-games`,
      ({ status, body, headers }) =>
        status !== 200
          ? `status ${status}`
          : !body.includes('data-remote-fragments')
            ? 'no remote content in the page'
            : !String(headers['cache-control']).startsWith('public')
              ? `cache-control ${headers['cache-control']}`
              : null,
      { headers: html },
    );
    // No claim holds pages (decision 0067): the edge keeps the page services' answers in its own cache.
    let fromCache = false;
    for (let i = 0; i < 20 && !fromCache; i += 1) {
      const answer = await request(`${site}/all-games`, { ca: cert, headers: html }).catch(() => null);
      fromCache = answer?.headers['x-cache-status'] === 'HIT';
      if (!fromCache) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (fromCache) console.log("   ok: /all-games served from the edge's own cache");
    else failures.push("/all-games never came from the edge's cache (x-cache-status HIT)");
    await check('/config.json names the example remotes', `${site}/config.json`, ({ status, body }) =>
      status !== 200
        ? `status ${status}`
        : JSON.parse(body).accountApiUrl !== 'https://edge:8443/api' ||
            JSON.parse(body).remotes?.mf_catalog !== 'https://edge:8443/mf-catalog/mf-manifest.json'
          ? "not the ConfigMap's config (the API and the remotes under the site's https origin)"
          : null,
    );
    // The page services take the pointers from the release service (RELEASE_API_URL), over TLS
    // they verify: asked from inside a page service's container, with its own settings.
    const polled = podman([
      'exec',
      'page-service-page-service',
      'node',
      '-e',
      "fetch(process.env.RELEASE_API_URL + '/v1/pointers').then((r) => console.log(r.status), (e) => console.log(e.cause?.code ?? e.message))",
    ]);
    if (polled.stdout.trim() !== '200')
      failures.push(`the release service's pointers from a page service: ${polled.stdout.trim() || polled.stderr.trim()}`);
    else console.log("   ok: the page services read the release service's pointers (verified TLS)");
    await check("a remote's files under the site's origin", `${site}/mf-catalog/mf-manifest.json`, ({ status, headers }) =>
      status !== 200 ? `status ${status}` : !headers['strict-transport-security'] ? 'no HSTS' : null,
    );
    await check(
      'the API answers through the edge under /api/, production headers on',
      `${site}/api/readyz`,
      ({ status, headers }) =>
        status !== 200
          ? `status ${status}`
          : headers['x-frame-options'] !== 'DENY'
            ? 'no X-Frame-Options'
            : !headers['strict-transport-security']
              ? 'no HSTS in production'
              : null,
    );
    const signUpProblem = await signUp(`${site}/api`, cert).catch((error) => error.message);
    if (signUpProblem) failures.push(`sign-up through the edge: ${signUpProblem}`);
    else console.log('   ok: a player signed up, verified with the code from the SMTP sink, and signed in');
  } finally {
    if (process.env.KUBE_CHECK_KEEP === '1') {
      console.log(`== KUBE_CHECK_KEEP=1: left running; podman kube down ${file} (and remove the volumes) when done`);
    } else {
      const down = podman(['kube', 'down', file]);
      if (down.status !== 0) console.error(`podman kube down: ${down.stderr}`);
      // podman keeps a volume per ConfigMap it mounted, past `kube down`.
      const configMaps = [...secretObjects, ...played].filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name);
      for (const volume of [...claims, ...configMaps, ...emptyDirs]) podman(['volume', 'rm', '-f', volume]);
      podman(['network', 'rm', '-f', NETWORK]);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (failures.length) {
    console.error(`kube:check failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('kube:check: ok');
}

await main();
