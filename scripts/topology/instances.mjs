// How the topology (topology.mjs) runs one instance of a part: as a process of this checkout's
// build (`processes`), or as a container of the part's image for this commit (`images`, built by
// `npm run images`), which is what production runs. TOPOLOGY_RUNTIME=images|processes chooses;
// unset, images when podman is installed and this commit's images exist, else processes.
//
// A container gets the host's network (every port and the loopback-only listeners stay exactly
// as with processes), the host folders the topology names mounted at the same paths, and only
// the settings its service's schema names from the environment the topology gives it: never the
// host's PATH or HOME, and nothing the image sets unless the topology sets it too (NODE_ENV).
import { spawn, spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import parts from '../../build-config/parts.js';
import { IMAGE_NAMES, revision } from '../images/build.mjs';

const { ROOT } = parts;

/** The uid:gid the images run as (deploy/images/*.Containerfile): what a container may write. */
export const IMAGE_USER = { uid: 10001, gid: 10001 };

const SERVER = { api: 'account-api/dist/server.js', pages: 'page-service/dist/server.js' };
/** The names each service's settings schema knows (the schemas are TypeScript Node strips itself). */
async function settingNames() {
  const { API_SETTINGS } = await import(path.join(ROOT, 'account-api/src/settings.ts'));
  const { PAGE_SERVICE_SETTINGS } = await import(path.join(ROOT, 'page-service/src/config/settings.ts'));
  return { api: Object.keys(API_SETTINGS), pages: Object.keys(PAGE_SERVICE_SETTINGS) };
}
// Longer than the services' drain deadline (SHUTDOWN_DEADLINE_MS, 10 s by default), as
// Kubernetes' termination grace is: `podman stop` sends SIGKILL only after it.
const STOP_GRACE_SECONDS = 30;

const quiet = (args) => spawnSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Which runtime this run uses, and why.
 * @returns {Promise<{ kind: 'images' | 'processes', tag?: string, settings?: Record<string, string[]>, notice?: string }>}
 */
export async function chooseRuntime(env = process.env) {
  const asked = env.TOPOLOGY_RUNTIME;
  if (asked && asked !== 'images' && asked !== 'processes')
    throw new Error(`TOPOLOGY_RUNTIME is "${asked}": use images or processes`);
  if (asked === 'processes') return { kind: 'processes' };
  const tag = env.TOPOLOGY_IMAGE_TAG || revision();
  const podman = spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0;
  const missing = podman
    ? Object.values(IMAGE_NAMES).filter((name) => quiet(['image', 'exists', `${name}:${tag}`]).status !== 0)
    : [];
  const why = !podman ? 'podman is not installed' : missing.length > 0 ? `no images for ${tag}` : '';
  if (!why) return { kind: 'images', tag, settings: await settingNames() };
  if (asked === 'images') throw new Error(`TOPOLOGY_RUNTIME=images, but ${why} (build them: npm run images)`);
  return { kind: 'processes', notice: `== topology: processes, not images (${why}; build them: npm run images)` };
}

/** The part of an environment a container of `part` may see: its settings (and their *_FILE forms). */
export function containerEnv(settings, env) {
  // And Node's own: the certificates a service trusts (the topology's throw-away ones).
  const names = new Set([...settings.flatMap((name) => [name, `${name}_FILE`]), 'NODE_EXTRA_CA_CERTS']);
  const picked = Object.entries(env).filter(([name, value]) => names.has(name) && value !== undefined);
  // The mode the topology asks for, not the image's default: an unset NODE_ENV stays unset.
  return { NODE_ENV: env.NODE_ENV ?? '', ...Object.fromEntries(picked) };
}

/** Each host folder at the same path inside the container; `<folder>:ro` read-only. */
const volumeArgs = (mounts) =>
  [...new Set(mounts)].flatMap((mount) =>
    mount.endsWith(':ro') ? ['-v', `${mount.slice(0, -3)}:${mount.slice(0, -3)}:ro`] : ['-v', `${mount}:${mount}`],
  );

/**
 * One container in the foreground of an attached `podman run` (its exit is the container's),
 * shaped like the ChildProcess the topology keeps: exitCode, signalCode, 'exit', kill(signal).
 */
class Container extends EventEmitter {
  constructor({ image, name, env, mounts, stdio, args = [], entrypoint }) {
    super();
    this.name = name;
    this.exitCode = null;
    this.signalCode = null;
    const runArgs = [
      'run',
      '--rm',
      '--name',
      name,
      '--network',
      'host',
      // Signals are sent by name (podman stop / kill), never proxied from this client.
      '--sig-proxy=false',
      ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
      ...volumeArgs(mounts),
      ...(entrypoint ? ['--entrypoint', entrypoint] : []),
      image,
      ...args,
    ];
    this.child = spawn('podman', runArgs, { stdio });
    this.child.once('exit', (code, signal) => {
      this.exitCode = code;
      this.signalCode = signal;
      live.delete(name);
      this.emit('exit', code, signal);
    });
    live.add(name);
  }

  /** The container's main process as the host sees it (what a process's pid is to the topology); undefined once gone. */
  get pid() {
    if (this.exitCode !== null || this.signalCode !== null) return undefined;
    const pid = Number(quiet(['inspect', '--format', '{{.State.Pid}}', this.name]).stdout?.trim());
    return pid > 0 ? pid : undefined;
  }

  /** SIGTERM: `podman stop` (the service drains; SIGKILL after the grace). SIGKILL: `podman kill`. */
  kill(signal = 'SIGTERM') {
    const args =
      signal === 'SIGTERM' ? ['stop', '-t', String(STOP_GRACE_SECONDS), this.name] : ['kill', '--signal', signal, this.name];
    spawn('podman', args, { stdio: 'ignore' });
    return true;
  }
}

// Containers still running when this process ends (a crash, an uncaught error) are removed, so
// none keeps the topology's ports.
const live = new Set();
process.on('exit', () => {
  if (live.size > 0) spawnSync('podman', ['rm', '-f', '-t', '0', ...live], { stdio: 'ignore' });
});

/**
 * The launcher for a runtime: spawn(part, { env, stdio, mounts }) starts one instance of the
 * account API (`api`) or a page service (`pages`) and returns its ChildProcess (or the same shape).
 */
export function createLauncher(runtime, { label = `${process.pid}` } = {}) {
  let count = 0;
  return {
    runtime,
    spawn(part, { env, stdio, mounts = [] }) {
      if (runtime.kind === 'processes')
        return spawn(process.execPath, [path.join(ROOT, SERVER[part])], { cwd: ROOT, stdio, env });
      count += 1;
      return new Container({
        image: `${IMAGE_NAMES[part]}:${runtime.tag}`,
        name: `portal-topology-${label}-${part}-${count}`,
        env: containerEnv(runtime.settings[part], env),
        mounts,
        stdio,
      });
    },
  };
}

/**
 * The edge (nginx) on a configuration file the topology writes: the host's nginx as a daemon
 * (`processes`), or the edge image's nginx in a container (`images`) with the same file, so
 * the same Debian nginx and brotli modules as production. The image runs as its non-root user:
 * the caller makes what nginx writes (pid file, logs, cache) and the key it reads that user's.
 */
export function createEdge(runtime, { prefix, conf, mounts = [], label = `${process.pid}` }) {
  const nginx = (args, options = {}) => {
    const result = spawnSync('nginx', ['-p', prefix, '-c', conf, ...args], { stdio: 'inherit', ...options });
    if (result.status !== 0) throw new Error(`nginx ${args.join(' ')} failed`);
  };
  if (runtime.kind === 'processes')
    return {
      test: () => nginx(['-t', '-q']),
      start: async () => nginx([]),
      reload: () => nginx(['-s', 'reload'], { stdio: 'ignore' }),
      stop: () => spawnSync('nginx', ['-p', prefix, '-c', conf, '-s', 'stop'], { stdio: 'ignore' }),
      // The pid file deploy/nginx.conf names, under the prefix.
      masterPid: () => Number(readFileSync(path.join(prefix, 'run', 'portal-nginx.pid'), 'utf8').trim()),
    };
  const image = `${IMAGE_NAMES.edge}:${runtime.tag}`;
  const name = `portal-topology-${label}-edge`;
  const volumes = volumeArgs(mounts);
  const nginxArgs = ['-e', 'stderr', '-p', prefix, '-c', conf];
  let container = null;
  return {
    test: () => {
      const args = ['run', '--rm', '--network', 'host', ...volumes, '--entrypoint', 'nginx', image, ...nginxArgs, '-t', '-q'];
      if (spawnSync('podman', args, { stdio: 'inherit' }).status !== 0) throw new Error(`nginx -t in ${image} failed`);
    },
    start: async () => {
      container = new Container({
        image,
        name,
        env: {},
        mounts,
        stdio: ['ignore', 'ignore', 'inherit'],
        entrypoint: 'nginx',
        args: [...nginxArgs, '-g', 'daemon off;'],
      });
      return container;
    },
    // nginx's master reloads on SIGHUP: new workers take the new file, old ones finish in flight.
    reload: () => {
      if (quiet(['kill', '--signal', 'HUP', name]).status !== 0) throw new Error(`reload of ${name} failed`);
    },
    stop: () => {
      if (container && container.exitCode === null) spawnSync('podman', ['stop', '-t', '5', name], { stdio: 'ignore' });
    },
    // The container's first process is nginx's master; the host sees it (and its workers) by this pid.
    masterPid: () => Number(quiet(['inspect', '--format', '{{.State.Pid}}', name]).stdout.trim()),
  };
}
