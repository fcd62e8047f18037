// `npm run kube:manifests`: writes the Kubernetes manifests in deploy/kubernetes/ from one
// description (this file), so the base an operator overlays and the single-replica example one
// can try are the same objects: deploy/kubernetes/base/ (a kustomize base) and
// deploy/kubernetes/example/all.yaml (the base at one replica each, plus throw-away PostgreSQL,
// Redis and a mail sink, and the config of a trial on one machine). `--check` (in
// `npm run validate`) writes nothing and fails when a committed file is not current.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { writeOrCheck } from '../lib/generated-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = path.join(ROOT, 'deploy', 'kubernetes');

/** The images `npm run images` builds; overlays retag them (kustomize `images:`). */
export const IMAGES = {
  api: 'localhost/portal-account-api',
  pages: 'localhost/portal-page-service',
  edge: 'localhost/portal-edge',
  backing: 'localhost/portal-example-backing',
};
/** Drain deadline of both Node services (SHUTDOWN_DEADLINE_MS), and what a pod waits before SIGTERM. */
const DRAIN_MS = 10_000;
const PRE_STOP_SECONDS = 5;
/** preStop, then the drain, then a margin: Kubernetes kills only after all of it. */
const GRACE_SECONDS = PRE_STOP_SECONDS + DRAIN_MS / 1000 + 10;
const UID = 10001;

const labels = (name) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'portal' });
const meta = (name) => ({ name, labels: labels(name) });

const hardened = (readOnly = true) => ({
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: readOnly,
  capabilities: { drop: ['ALL'] },
});
const podSecurity = {
  runAsNonRoot: true,
  runAsUser: UID,
  runAsGroup: UID,
  fsGroup: UID,
  seccompProfile: { type: 'RuntimeDefault' },
};
/** The load balancer stops sending before the process starts to drain (endpoints take a moment to update). */
const preStop = { preStop: { exec: { command: ['sleep', String(PRE_STOP_SECONDS)] } } };

function deployment(name, { replicas, containers, volumes = [], grace = GRACE_SECONDS, security = podSecurity }) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name),
    spec: {
      replicas,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      // A new pod must be ready (its /readyz) before an old one goes: a rolling update loses nothing.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: labels(name) },
        spec: {
          terminationGracePeriodSeconds: grace,
          securityContext: security,
          containers,
          ...(volumes.length ? { volumes } : {}),
        },
      },
    },
  };
}

const service = (name, ports, type) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: meta(name),
  spec: {
    ...(type ? { type } : {}),
    selector: { 'app.kubernetes.io/name': name },
    ports: ports.map(([portName, port, targetPort = port]) => ({ name: portName, port, targetPort, protocol: 'TCP' })),
  },
});

const disruptionBudget = (name) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: meta(name),
  spec: { minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
});

const autoscaler = (name, { min, max }) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: meta(name),
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: min,
    maxReplicas: max,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
  },
});

const configMap = (name, data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(name), data });
const claim = (name, size) => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: meta(name),
  spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: size } } },
});
const probe = (path, port, { scheme = 'HTTP', periodSeconds = 5, failureThreshold = 2 } = {}) => ({
  httpGet: { path, port, scheme },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

/** The secrets the API reads as files (`<NAME>_FILE`), from the Secret `portal-secrets`. */
const API_SECRETS = { JWT_SECRET: 'jwt-secret', DATABASE_URL: 'database-url', SMTP_URL: 'smtp-url', REDIS_URL: 'redis-url' };
/** With pictures in a bucket (decision 0061): its key pair, from the same Secret. */
const S3_SECRETS = { S3_ACCESS_KEY_ID: 's3-access-key-id', S3_SECRET_ACCESS_KEY: 's3-secret-access-key' };
const SECRETS_DIR = '/run/secrets/portal';

/**
 * Where the API keeps pictures. `s3`: a bucket every replica shares (its address in the ConfigMap,
 * its keys in the Secret), and each pod's /data is its own scratch space. `fs`: the embedded
 * default in a claim, for a single replica that has no S3 service to talk to.
 */
const PICTURE_STORAGE = {
  s3: {
    secrets: { ...API_SECRETS, ...S3_SECRETS },
    env: {
      UPLOADS_STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'portal-pictures',
      S3_FORCE_PATH_STYLE: '0',
    },
    data: { name: 'data', emptyDir: {} },
  },
  fs: {
    secrets: API_SECRETS,
    env: { UPLOADS_STORAGE: 'fs' },
    data: { name: 'data', persistentVolumeClaim: { claimName: 'portal-api-data' } },
  },
};

function apiContainer({ name, command, ports = true, image, secrets }) {
  return {
    name,
    image: `${IMAGES.api}:${image}`,
    imagePullPolicy: 'IfNotPresent',
    ...(command ? { command } : {}),
    envFrom: [{ configMapRef: { name: 'account-api-env' } }],
    env: Object.entries(secrets).map(([setting, key]) => ({ name: `${setting}_FILE`, value: `${SECRETS_DIR}/${key}` })),
    ...(ports ? { ports: [{ name: 'http', containerPort: 8000 }] } : {}),
    volumeMounts: [
      { name: 'secrets', mountPath: SECRETS_DIR, readOnly: true },
      { name: 'data', mountPath: '/data' },
      { name: 'tmp', mountPath: '/tmp' },
    ],
    securityContext: hardened(),
  };
}
const apiVolumes = (storage) => [
  {
    name: 'secrets',
    secret: { secretName: 'portal-secrets', items: Object.values(storage.secrets).map((key) => ({ key, path: key })) },
  },
  storage.data,
  { name: 'tmp', emptyDir: {} },
];

/**
 * The release service (decisions 0062, 0068): `node scripts/releases/release-service.mjs` from the
 * account API's image (which carries it beside dist/release-store.js and dist/release-files.js).
 * Its pointers in PostgreSQL (`release-database-url`: the account database or one of its own),
 * its builds in a bucket of their own with a key pair of their own (the pictures' key cannot
 * touch them), HTTPS served by itself with the certificate of its public name (the Secret
 * `release-tls`): teams' CI, the page services and browsers all reach it at `publicUrl`, the
 * manifest URLs the pointers hold. Ready when /healthz answers; no claim, no shared folder.
 * `trial`: the single-machine example's variant (no S3 service there): the builds in the pod's own
 * folder, the account database, the site's certificate.
 */
export function releaseServiceObjects({ image, publicUrl, replicas, trial = false }) {
  const name = 'release-service';
  const secrets = trial
    ? { RELEASE_DATABASE_URL: 'database-url' }
    : {
        RELEASE_DATABASE_URL: 'release-database-url',
        RELEASE_OVERRIDE_SECRET: 'release-override-secret',
        S3_ACCESS_KEY_ID: 'release-s3-access-key-id',
        S3_SECRET_ACCESS_KEY: 'release-s3-secret-access-key',
      };
  const files = trial
    ? { RELEASE_FILES_STORAGE: 'fs', RELEASE_FILES_DIR: '/data/files' }
    : {
        RELEASE_FILES_STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
        S3_REGION: 'eu-west-1',
        S3_BUCKET: 'portal-releases',
        S3_FORCE_PATH_STYLE: '0',
      };
  // A kubernetes.io/tls Secret for the public name (cert-manager's, or `kubectl create secret tls release-tls`).
  const tls = trial
    ? {
        secretName: 'portal-tls',
        items: [
          { key: 'tls.crt', path: 'tls.crt' },
          { key: 'tls.key', path: 'tls.key' },
        ],
      }
    : { secretName: 'release-tls' };
  return [
    configMap('release-service-env', {
      NODE_ENV: 'production',
      RELEASE_SERVICE_HOST: '0.0.0.0',
      RELEASE_SERVICE_PORT: '8095',
      RELEASE_PUBLIC_URL: publicUrl,
      RELEASE_DATA_DIR: '/data',
      ...files,
      RELEASE_TLS_CERT: '/etc/portal/tls/tls.crt',
      RELEASE_TLS_KEY: '/etc/portal/tls/tls.key',
    }),
    deployment(name, {
      replicas,
      containers: [
        {
          name,
          image: `${IMAGES.api}:${image}`,
          imagePullPolicy: 'IfNotPresent',
          workingDir: '/app',
          // Its settings schema and the override signer are TypeScript, loaded by Node itself: no warning for that.
          command: ['node', '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'scripts/releases/release-service.mjs'],
          envFrom: [{ configMapRef: { name: 'release-service-env' } }],
          env: Object.entries(secrets).map(([setting, key]) => ({ name: `${setting}_FILE`, value: `${SECRETS_DIR}/${key}` })),
          ports: [{ name: 'https', containerPort: 8095 }],
          readinessProbe: probe('/healthz', 'https', { scheme: 'HTTPS' }),
          livenessProbe: probe('/healthz', 'https', { scheme: 'HTTPS', periodSeconds: 10, failureThreshold: 3 }),
          lifecycle: preStop,
          resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '768Mi' } },
          volumeMounts: [
            { name: 'secrets', mountPath: SECRETS_DIR, readOnly: true },
            { name: 'tls', mountPath: '/etc/portal/tls', readOnly: true },
            { name: 'data', mountPath: '/data' },
            { name: 'tmp', mountPath: '/tmp' },
          ],
          securityContext: hardened(),
        },
      ],
      volumes: [
        {
          name: 'secrets',
          secret: { secretName: 'portal-secrets', items: Object.values(secrets).map((key) => ({ key, path: key })) },
        },
        { name: 'tls', secret: tls },
        { name: 'data', emptyDir: {} },
        { name: 'tmp', emptyDir: {} },
      ],
    }),
    service(name, [['https', 443, 8095]], 'LoadBalancer'),
    disruptionBudget(name),
  ];
}

/** The remotes' folders under the site's origin (deploy/nginx.conf), by their config name. */
const REMOTE_FOLDERS = { mf_catalog: 'mf-catalog', mf_player: 'mf-player', mf_account: 'mf-account' };

/**
 * Every object of the portal. The browser talks to the site's https origin only (decision 0065):
 * config.json names the API as `<site>/api` and each remote's manifest under `<site>/<folder>/`.
 * `trustSiteCertificate`: the page services trust the edge's own certificate (a self-signed one,
 * as the example's) for the remotes' files they read through it. `releaseApiUrl`: the release
 * service the page services poll for the pointers (decision 0062): no folder shared with anyone.
 * @param {{ replicas: number, image: string, site: string, config: object, apiEnv: Record<string, string>,
 *   pictures: 's3' | 'fs', trustSiteCertificate?: boolean, releaseApiUrl: string }} options
 */
export function portalObjects({ replicas, image, site, config, apiEnv, pictures, trustSiteCertificate = false, releaseApiUrl }) {
  const storage = PICTURE_STORAGE[pictures];
  const remotes = Object.fromEntries(
    Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [name, `${site}/${folder}/mf-manifest.json`]),
  );
  const runtimeConfig = { ...config, accountApiUrl: `${site}/api`, remotes };
  const siteCertificate = trustSiteCertificate
    ? {
        env: [{ name: 'NODE_EXTRA_CA_CERTS', value: '/etc/portal/tls/site.crt' }],
        mount: [{ name: 'tls', mountPath: '/etc/portal/tls', readOnly: true }],
        volume: [{ name: 'tls', secret: { secretName: 'portal-tls', items: [{ key: 'tls.crt', path: 'site.crt' }] } }],
      }
    : { env: [], mount: [], volume: [] };
  const resources = (cpu, memory, memoryLimit) => ({ requests: { cpu, memory }, limits: { memory: memoryLimit } });
  return [
    configMap('portal-config', { 'config.json': `${JSON.stringify(runtimeConfig, null, 2)}\n` }),
    configMap('account-api-env', {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8000',
      DATA_DIR: '/data',
      SITE_URL: site,
      CORS_ORIGINS: new URL(site).origin,
      TRUST_PROXY_HOPS: '1',
      SHUTDOWN_DEADLINE_MS: String(DRAIN_MS),
      LOG_LEVEL: 'info',
      ...storage.env,
      ...apiEnv,
    }),
    configMap('page-service-env', {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      CONFIG_FILE: '/etc/portal/config/config.json',
      PLAY_STATS_API_URL: 'http://account-api:8000',
      // The pointers (and canaries, overrides) from the release service, polled with an ETag.
      RELEASE_API_URL: releaseApiUrl,
      // The edge reaches the page services from its pod's address, not loopback: trust the
      // cluster's private ranges (only the edge's Service reaches them; narrow it to the pod CIDR).
      TRUST_PROXIES: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16',
      TRUST_PROXY_HOPS: '1',
      SHUTDOWN_DEADLINE_MS: String(DRAIN_MS),
      LOG_LEVEL: 'info',
    }),
    // Uploaded pictures in a folder (the `fs` storage): every API instance sees the same one.
    ...(pictures === 'fs' ? [claim('portal-api-data', '10Gi')] : []),
    // No claim for pages (decision 0067): the only copies of pages and of the fallback page outside
    // the page services are each edge pod's own nginx cache (the emptyDir `cache` below), filled
    // from whichever page service answers; a page service writes nothing but /tmp.

    deployment('account-api', {
      replicas,
      containers: [
        {
          ...apiContainer({ name: 'account-api', image, secrets: storage.secrets }),
          readinessProbe: probe('/readyz', 'http'),
          livenessProbe: probe('/livez', 'http', { periodSeconds: 10, failureThreshold: 3 }),
          lifecycle: preStop,
          resources: resources('100m', '256Mi', '1Gi'),
        },
      ],
      volumes: apiVolumes(storage),
    }),
    service('account-api', [['http', 8000]]),
    disruptionBudget('account-api'),
    autoscaler('account-api', { min: replicas, max: Math.max(replicas, 6) }),
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: meta('account-api-migrate'),
      spec: {
        backoffLimit: 3,
        template: {
          metadata: { labels: labels('account-api-migrate') },
          spec: {
            restartPolicy: 'OnFailure',
            securityContext: podSecurity,
            containers: [
              {
                ...apiContainer({
                  name: 'migrate',
                  image,
                  ports: false,
                  command: ['node', 'dist/operations.js', 'migrate'],
                  secrets: storage.secrets,
                }),
                resources: resources('100m', '128Mi', '512Mi'),
              },
            ],
            volumes: apiVolumes(storage),
          },
        },
      },
    },

    deployment('page-service', {
      replicas,
      containers: [
        {
          name: 'page-service',
          image: `${IMAGES.pages}:${image}`,
          imagePullPolicy: 'IfNotPresent',
          envFrom: [{ configMapRef: { name: 'page-service-env' } }],
          ...(siteCertificate.env.length ? { env: siteCertificate.env } : {}),
          ports: [{ name: 'http', containerPort: 8080 }],
          // Ready once it draws whole pages: its build, the config, every remote's files.
          readinessProbe: probe('/readyz', 'http'),
          livenessProbe: probe('/livez', 'http', { periodSeconds: 10, failureThreshold: 3 }),
          lifecycle: preStop,
          resources: resources('200m', '256Mi', '768Mi'),
          volumeMounts: [
            { name: 'config', mountPath: '/etc/portal/config', readOnly: true },
            { name: 'tmp', mountPath: '/tmp' },
            ...siteCertificate.mount,
          ],
          securityContext: hardened(),
        },
      ],
      volumes: [
        { name: 'config', configMap: { name: 'portal-config' } },
        { name: 'tmp', emptyDir: {} },
        ...siteCertificate.volume,
      ],
    }),
    service('page-service', [['http', 8080]]),
    disruptionBudget('page-service'),
    autoscaler('page-service', { min: replicas, max: Math.max(replicas, 8) }),

    deployment('edge', {
      replicas,
      containers: [
        {
          name: 'nginx',
          image: `${IMAGES.edge}:${image}`,
          imagePullPolicy: 'IfNotPresent',
          env: [
            { name: 'PAGE_SERVICE_UPSTREAMS', value: 'page-service:8080' },
            { name: 'ACCOUNT_API_UPSTREAMS', value: 'account-api:8000' },
          ],
          ports: [
            { name: 'http', containerPort: 8080 },
            { name: 'https', containerPort: 8443 },
          ],
          readinessProbe: probe('/__health', 'https', { scheme: 'HTTPS' }),
          livenessProbe: probe('/__health', 'https', { scheme: 'HTTPS', periodSeconds: 10, failureThreshold: 3 }),
          lifecycle: preStop,
          resources: resources('100m', '64Mi', '256Mi'),
          volumeMounts: [
            { name: 'tls', mountPath: '/etc/portal/tls', readOnly: true },
            // Its pages and fallback page (deploy/page-cache.conf): its own, rebuilt after a restart.
            { name: 'cache', mountPath: '/var/cache/portal-nginx' },
          ],
          securityContext: hardened(),
        },
      ],
      volumes: [
        // A kubernetes.io/tls Secret (cert-manager's, or `kubectl create secret tls portal-tls`).
        {
          name: 'tls',
          secret: {
            secretName: 'portal-tls',
            items: [
              { key: 'tls.crt', path: 'site.crt' },
              { key: 'tls.key', path: 'site.key' },
            ],
          },
        },
        // At most the cache's max_size (512m) plus nginx's temporary files.
        { name: 'cache', emptyDir: { sizeLimit: '1Gi' } },
      ],
      grace: PRE_STOP_SECONDS + 20,
    }),
    service(
      'edge',
      [
        ['http', 80, 8080],
        ['https', 443, 8443],
      ],
      'LoadBalancer',
    ),
    disruptionBudget('edge'),
  ];
}

/** Throw-away PostgreSQL, Redis and a mail sink for the example: one image, three roles. */
function exampleBacking(image) {
  const role = (name, port, env = []) => [
    deployment(name, {
      replicas: 1,
      grace: 10,
      security: { runAsNonRoot: true, runAsUser: 10002, runAsGroup: 10002, fsGroup: 10002 },
      containers: [
        {
          name,
          image: `${IMAGES.backing}:${image}`,
          imagePullPolicy: 'IfNotPresent',
          args: [name],
          env,
          ports: [{ name: 'tcp', containerPort: port }],
          readinessProbe: { tcpSocket: { port }, periodSeconds: 2 },
          volumeMounts: [{ name: 'data', mountPath: '/var/lib/backing' }],
          securityContext: hardened(),
        },
      ],
      volumes: [{ name: 'data', emptyDir: {} }],
    }),
    service(name, [['tcp', port]]),
  ];
  return [
    ...role('postgres', 5432, [
      { name: 'POSTGRES_PASSWORD', valueFrom: { secretKeyRef: { name: 'example-postgres', key: 'password' } } },
    ]),
    ...role('redis', 6379),
    ...role('mail', 2525),
  ];
}

const shellConfig = () => JSON.parse(readFileSync(path.join(ROOT, 'shell', 'public', 'config.json'), 'utf8'));

export function baseObjects() {
  return [
    ...portalObjects({
      replicas: 2,
      image: 'latest',
      site: 'https://games.example.com',
      config: shellConfig(),
      apiEnv: { MAIL_FROM: 'PlayVerse <no-reply@games.example.com>' },
      pictures: 's3',
      releaseApiUrl: 'https://releases.games.example.com',
    }),
    ...releaseServiceObjects({ image: 'latest', publicUrl: 'https://releases.games.example.com', replicas: 2 }),
  ];
}

/**
 * The example: the site as https://edge:8443 (the edge's name inside the cluster, so the page
 * services read the remotes' files from it, trusting the example's self-signed certificate; a
 * browser on the machine maps `edge` to 127.0.0.1), everything at one replica, pictures in the
 * API's folder.
 */
export function exampleObjects() {
  return [
    ...portalObjects({
      replicas: 1,
      image: 'latest',
      site: 'https://edge:8443',
      config: shellConfig(),
      // One replica and no S3 service in the example's backing image: the folder in a claim.
      pictures: 'fs',
      apiEnv: { MAIL_FROM: 'PlayVerse <no-reply@localhost>', CORS_ORIGINS: 'https://edge:8443,https://localhost:8443' },
      trustSiteCertificate: true,
      // Served with the site's certificate, which names it too (kube-check.mjs).
      releaseApiUrl: 'https://release-service:8095',
    }),
    ...releaseServiceObjects({ image: 'latest', publicUrl: 'https://release-service:8095', replicas: 1, trial: true }),
    ...exampleBacking('latest'),
  ];
}

const HEADER = (what) =>
  `# ${what}\n# Generated by \`npm run kube:manifests\` (scripts/kubernetes/manifests.mjs): edit that, not this file.\n`;
/** Where copies of pages live (decision 0067), said where an operator reads the objects. */
const PART_NOTES = {
  edge:
    "# Pages and the fallback page: each edge pod keeps the page services' answers in its own nginx cache\n" +
    '# (/var/cache/portal-nginx, the emptyDir `cache`); a new pod fills its cache from the page services.\n',
  'page-service':
    '# No page files: a page service keeps rendered pages in its own memory and writes nothing but /tmp;\n' +
    "# the edge's cache is the only other copy (decision 0067).\n",
};
const documents = (objects) => objects.map((object) => stringify(object, { lineWidth: 0 })).join('---\n');

export function renderedFiles() {
  const base = baseObjects();
  const byPart = new Map();
  for (const object of base) {
    const part =
      object.kind === 'ConfigMap' || object.kind === 'PersistentVolumeClaim'
        ? 'shared'
        : object.metadata.name.replace(/-migrate$/, '');
    byPart.set(part, [...(byPart.get(part) ?? []), object]);
  }
  const files = [...byPart].map(([part, objects]) => [
    `base/${part}.yaml`,
    HEADER(`The portal's ${part} objects (kustomize base).`) + (PART_NOTES[part] ?? '') + documents(objects),
  ]);
  const kustomization = {
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    labels: [{ pairs: { 'app.kubernetes.io/part-of': 'portal' } }],
    resources: [...byPart.keys()].map((part) => `${part}.yaml`),
    // Overlays point these at a registry and the commit's tag (kustomize edit set image …).
    images: Object.entries(IMAGES)
      .filter(([part]) => part !== 'backing')
      .map(([, name]) => ({ name, newTag: 'latest' })),
  };
  files.push([
    'base/kustomization.yaml',
    HEADER('kustomize base: `kubectl apply -k` an overlay of it.') + stringify(kustomization),
  ]);
  files.push([
    'example/all.yaml',
    HEADER('A single-replica example to try on one machine (`npm run kube:check` plays it with podman).') +
      PART_NOTES.edge +
      documents(exampleObjects()),
  ]);
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeOrCheck('kube:manifests', OUT, renderedFiles(), {
    check: process.argv.includes('--check'),
    rerun: 'npm run kube:manifests',
  });
}
