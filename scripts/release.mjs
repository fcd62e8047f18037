// Releases of each remote, steered live (README "Deploying one remote on its own", decisions 0019
// and 0041). `npm run release -- <command>` or `node scripts/release.mjs <command>`:
//
//   publish  <remote> <version> [--from <dir>]   copy <remote>/dist (or <dir>) into RELEASES_DIR/<folder>/<version>/
//   point    <remote> <version>                  everyone gets that release on their next page load
//   canary   <remote> <version> <share>          that release for <share> % of visitors (sticky cohort cookie)
//   promote  <remote>                            the canary becomes everyone's release
//   abort    <remote>                            the canary ends; its visitors go back to the live release
//   rollback <remote>                            back to the release live before (ends a canary too)
//   roll-forward <remote>                        undo the last rollback
//   override-token <remote> <manifest-url> [--ttl 2h]   a signed preview token for one browser
//   status   [<remote>] [--json]                 live release, canary and share, overrides, last 10 changes
//   watch    [--once] [--interval 60] [--minutes 10] [--min-views 100] [--telemetry <url>[,<url>]]   abort a canary that does worse
//   list     <remote>                            releases, newest first, with their publish times
//   prune    <remote> [days]                     delete releases older than days (7), never live, canary or previous
//
// Every change takes --by <who> (default RELEASE_BY, else user@host), --why <text>, --commit <sha>
// (default RELEASE_COMMIT, else the repository's HEAD) and --expect <version>: refuse the change if
// the pointers moved since that version (compare-and-swap; without it, concurrent changes queue).
// <remote> is its container (mf_catalog) or folder (mf-catalog). RELEASES_DIR (default ./releases)
// is what the remotes' static host serves at RELEASES_URL (default http://localhost:8090); the page
// services notice a new RELEASES_DIR/current.json on their next request. The shell is never touched.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import parts from '../build-config/parts.js';
import { overrideSecretFrom, parseTtl, signOverride } from '../page-service/src/cohorts/override-token.ts';
import { RULE, watchCanaries } from './releases/canary-watch.mjs';
import { commitChange, ConflictError, readHistory, readState } from './releases/pointer-store.mjs';

/** Files every request revalidates; copied last so no one sees a manifest before its chunks. */
const ENTRY_FILES = ['remoteEntry.js', 'mf-manifest.json'];
export const KEEP_DAYS = 7;
/** Previous releases remembered for rollback, per remote. */
const KEEP_PREVIOUS = 20;

function fail(message) {
  throw new Error(message);
}

export function remoteNamed(nameOrFolder) {
  return (
    parts.registry.remotes.find((r) => r.container === nameOrFolder || r.folder === nameOrFolder) ??
    fail(`no remote named ${nameOrFolder} in parts.json`)
  );
}

function checkVersion(version) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(version ?? '')) fail(`a release version is letters, digits, . _ - (got ${version})`);
  return version;
}

function options(env = process.env) {
  return {
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(parts.ROOT, 'releases')),
    releasesUrl: (env.RELEASES_URL ?? 'http://localhost:8090').replace(/\/$/, ''),
  };
}

function headCommit() {
  const result = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: parts.ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Who, why and which commit, for the history. */
export function whoFrom({ by, why, commit } = {}, env = process.env) {
  let user = env.USER ?? env.LOGNAME;
  try {
    user ??= os.userInfo().username;
  } catch {
    user ??= 'unknown';
  }
  return {
    by: by ?? env.RELEASE_BY ?? `${user}@${os.hostname()}`,
    why: why ?? env.RELEASE_WHY ?? '',
    commit: commit ?? env.RELEASE_COMMIT ?? headCommit(),
  };
}

/** A remote's pointers, upgrading the first file format ({ version, url, history }). */
function remoteState(state, container) {
  const current = state.remotes[container] ?? {};
  if (current.history && !current.previous) {
    current.previous = current.history;
    delete current.history;
  }
  current.previous ??= [];
  current.forward ??= [];
  current.published ??= {};
  current.canary ??= null;
  state.remotes[container] = current;
  return current;
}

const manifestUrl = (releasesUrl, remote, version) => `${releasesUrl}/${remote.folder}/${version}/mf-manifest.json`;

/** The build id in a release's manifest (metaData.buildInfo.buildVersion): telemetry names releases by it. */
function buildOf(releasesDir, remote, version) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(releasesDir, remote.folder, version, 'mf-manifest.json'), 'utf8'));
    return manifest?.metaData?.buildInfo?.buildVersion ?? null;
  } catch {
    return null;
  }
}

function requirePublished(releasesDir, remote, version) {
  if (!existsSync(path.join(releasesDir, remote.folder, checkVersion(version), 'mf-manifest.json')))
    fail(`release ${remote.folder}/${version} is not published`);
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const change = (releasesDir, action, remote, opts, mutate) =>
  commitChange(
    releasesDir,
    { action, remote: remote.container, who: whoFrom(opts, opts.env), expectVersion: opts.expect },
    (state) => mutate(state, remoteState(state, remote.container)),
  );

/** Copies a build into a new release folder (hashed files first, entry files last), then records it. */
export async function publish(nameOrFolder, version, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  const source = path.resolve(opts.from ?? path.join(parts.ROOT, remote.folder, 'dist'));
  if (!existsSync(path.join(source, 'mf-manifest.json')))
    fail(`${source} holds no build (no mf-manifest.json): build ${remote.folder} first`);
  const target = path.join(releasesDir, remote.folder, checkVersion(version));
  if (existsSync(target)) fail(`release ${remote.folder}/${version} exists: releases are immutable, publish a new version`);
  const files = listFiles(source);
  const ordered = [...files.filter((f) => !ENTRY_FILES.includes(f)), ...ENTRY_FILES.filter((f) => files.includes(f))];
  for (const file of ordered) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(source, file), path.join(target, file));
  }
  const who = whoFrom(opts, opts.env);
  await change(releasesDir, 'publish', remote, opts, (state, current) => {
    current.published[version] = {
      at: new Date().toISOString(),
      build: buildOf(releasesDir, remote, version),
      by: who.by,
      commit: who.commit,
    };
    return state;
  });
  return target;
}

function setLive(current, remote, version, releasesUrl, releasesDir) {
  current.version = version;
  current.url = manifestUrl(releasesUrl, remote, version);
  current.build = buildOf(releasesDir, remote, version);
  current.pointedAt = new Date().toISOString();
}

function pushPrevious(current) {
  if (current.version) current.previous = [...current.previous, current.version].slice(-KEEP_PREVIOUS);
}

/** Everyone gets `version` on their next page load. Refused while a canary runs (promote or abort it). */
export async function point(nameOrFolder, version, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(opts.env);
  requirePublished(releasesDir, remote, version);
  const { state } = await change(releasesDir, 'point', remote, opts, (state, current) => {
    if (current.canary) fail(`${remote.container} has a canary of ${current.canary.version} running: promote or abort it first`);
    if (current.version !== version) {
      pushPrevious(current);
      current.forward = [];
    }
    setLive(current, remote, version, releasesUrl, releasesDir);
    return state;
  });
  return state.remotes[remote.container];
}

/** Sends `share` % of visitors to `version`; run again with another share to widen or narrow it. */
export async function canary(nameOrFolder, version, share, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(opts.env);
  requirePublished(releasesDir, remote, version);
  const percent = Number(share);
  if (!(percent > 0 && percent < 100)) fail(`a canary's share is a percentage above 0 and below 100 (got ${share})`);
  const { state } = await change(releasesDir, 'canary', remote, opts, (state, current) => {
    if (!current.version) fail(`${remote.container} points at no release yet: point at one before a canary`);
    if (current.version === version) fail(`${version} is already ${remote.container}'s live release`);
    if (current.canary && current.canary.version !== version)
      fail(`${remote.container} has a canary of ${current.canary.version} running: promote or abort it first`);
    current.canary = current.canary
      ? { ...current.canary, share: percent } // same canary, same cohorts: widening keeps its visitors in
      : {
          version,
          url: manifestUrl(releasesUrl, remote, version),
          build: buildOf(releasesDir, remote, version),
          share: percent,
          startedAt: new Date().toISOString(),
          // New for each canary: who is in it is drawn afresh, not carried over from the last one.
          id: Math.random().toString(36).slice(2, 10),
        };
    return state;
  });
  return state.remotes[remote.container];
}

export async function promote(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(opts.env);
  const { state } = await change(releasesDir, 'promote', remote, opts, (state, current) => {
    const running = current.canary ?? fail(`${remote.container} has no canary to promote`);
    pushPrevious(current);
    current.forward = [];
    setLive(current, remote, running.version, releasesUrl, releasesDir);
    current.canary = null;
    return state;
  });
  return state.remotes[remote.container];
}

export async function abort(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  const { state } = await change(releasesDir, opts.action ?? 'abort', remote, opts, (state, current) => {
    if (!current.canary) fail(`${remote.container} has no canary to abort`);
    if (opts.onlyVersion && current.canary.version !== opts.onlyVersion)
      fail(`${remote.container}'s canary is now ${current.canary.version}, not ${opts.onlyVersion}: left alone`);
    current.canary = null;
    return state;
  });
  return state.remotes[remote.container];
}

/** Points back at the release live before this one; the history keeps both, so roll-forward works. */
export async function rollback(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(opts.env);
  const { state } = await change(releasesDir, 'rollback', remote, opts, (state, current) => {
    if (!current.version) fail(`${remote.container} points at no release`);
    const previous = current.previous.at(-1) ?? fail(`${remote.container} has no earlier release to roll back to`);
    current.forward = [...current.forward, current.version];
    current.previous = current.previous.slice(0, -1);
    current.canary = null;
    setLive(current, remote, previous, releasesUrl, releasesDir);
    return state;
  });
  return state.remotes[remote.container];
}

export async function rollForward(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir, releasesUrl } = options(opts.env);
  const { state } = await change(releasesDir, 'roll-forward', remote, opts, (state, current) => {
    const next = current.forward.at(-1) ?? fail(`${remote.container} has no rollback to undo`);
    if (current.canary) fail(`${remote.container} has a canary of ${current.canary.version} running: promote or abort it first`);
    current.forward = current.forward.slice(0, -1);
    pushPrevious(current);
    setLive(current, remote, next, releasesUrl, releasesDir);
    return state;
  });
  return state.remotes[remote.container];
}

/** A signed token loading `url` as the remote in one browser until it expires; recorded in the pointers. */
export async function issueOverride(nameOrFolder, url, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  const secret =
    overrideSecretFrom(opts.env ?? process.env) ??
    fail('set RELEASE_OVERRIDE_SECRET or RELEASE_OVERRIDE_SECRET_FILE (the page services use the same)');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) fail(`${url} is not an http(s) manifest URL`);
  const ttl = parseTtl(opts.ttl ?? '2h') ?? fail(`--ttl is a number and s, m, h or d (got ${opts.ttl})`);
  const iat = Date.now();
  const token = signOverride({ remote: remote.container, url, iat, exp: iat + ttl }, secret);
  const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
  const who = whoFrom(opts, opts.env);
  await change(releasesDir, 'override-token', remote, opts, (state) => {
    const now = Date.now();
    state.overrides = [
      ...(state.overrides ?? []).filter((o) => Date.parse(o.expiresAt) > now),
      {
        id,
        remote: remote.container,
        url,
        issuedAt: new Date(iat).toISOString(),
        expiresAt: new Date(iat + ttl).toISOString(),
        by: who.by,
        why: who.why,
      },
    ];
    return state;
  });
  return { token, id, expiresAt: new Date(iat + ttl) };
}

export function list(nameOrFolder, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(env);
  const dir = path.join(releasesDir, remote.folder);
  const current = remoteState(readState(releasesDir), remote.container);
  const versions = existsSync(dir) ? readdirSync(dir) : [];
  return versions
    .map((version) => {
      const published = current.published[version]?.at;
      return {
        version,
        // Releases published before publish times were recorded fall back to the history, else unknown.
        publishedAt: published ? new Date(published) : null,
        live: version === current.version,
        canary: version === current.canary?.version,
      };
    })
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0));
}

/** Deletes releases older than `days`, keeping the live one, the canary and the ones rollback can reach. */
export async function prune(nameOrFolder, days = KEEP_DAYS, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  const now = opts.now ?? Date.now();
  const current = remoteState(readState(releasesDir), remote.container);
  const keep = new Set(
    [current.version, current.canary?.version, current.previous.at(-1), current.forward.at(-1)].filter(Boolean),
  );
  const removed = list(remote.container, opts)
    .filter((r) => !keep.has(r.version) && r.publishedAt && now - r.publishedAt.getTime() >= days * 86_400_000)
    .map((r) => r.version);
  if (!removed.length) return removed;
  for (const version of removed) rmSync(path.join(releasesDir, remote.folder, version), { recursive: true, force: true });
  await change(
    releasesDir,
    'prune',
    remote,
    { ...opts, why: opts.why ?? `older than ${days} days: ${removed.join(', ')}` },
    (state, entry) => {
      for (const version of removed) delete entry.published[version];
      return state;
    },
  );
  return removed;
}

/** Per remote: live release, canary and share, overrides in force, and the last `limit` changes. */
export function status({ env, remote: only, limit = 10 } = {}) {
  const { releasesDir } = options(env);
  const state = readState(releasesDir);
  const history = readHistory(releasesDir);
  const now = Date.now();
  const names = only ? [remoteNamed(only).container] : parts.registry.remotes.map((r) => r.container);
  return {
    version: state.version,
    remotes: names.map((name) => {
      const current = remoteState(structuredClone(state), name);
      return {
        remote: name,
        live: current.version
          ? { version: current.version, build: current.build ?? null, since: current.pointedAt ?? null }
          : null,
        canary: current.canary,
        rollbackTo: current.previous.at(-1) ?? null,
        overrides: (state.overrides ?? []).filter((o) => o.remote === name && Date.parse(o.expiresAt) > now),
        changes: history
          .filter((entry) => entry.remote === name)
          .slice(-limit)
          .reverse(),
      };
    }),
  };
}

function printStatus(report) {
  console.log(`pointers version ${report.version}`);
  for (const r of report.remotes) {
    console.log(`\n${r.remote}`);
    console.log(
      `  live     ${r.live ? `${r.live.version} (build ${r.live.build ?? '?'}, since ${r.live.since ?? '?'})` : 'none (the config file’s URL)'}`,
    );
    console.log(`  canary   ${r.canary ? `${r.canary.version} to ${r.canary.share} % since ${r.canary.startedAt}` : 'none'}`);
    console.log(`  rollback ${r.rollbackTo ?? 'nothing earlier'}`);
    console.log(`  overrides ${r.overrides.length ? '' : 'none'}`);
    for (const o of r.overrides)
      console.log(`    ${o.id}  ${o.url}  until ${o.expiresAt}  by ${o.by}${o.why ? ` (${o.why})` : ''}`);
    console.log(`  last changes ${r.changes.length ? '' : 'none'}`);
    for (const c of r.changes)
      console.log(
        `    #${c.version} ${c.at} ${c.action.padEnd(14)} ${describe(c.before)} → ${describe(c.after)}  by ${c.by}${c.commit ? ` @${c.commit}` : ''}${c.why ? `: ${c.why}` : ''}`,
      );
  }
}

const describe = (side) =>
  side ? `${side.live ?? '-'}${side.canary ? ` + canary ${side.canary.version} ${side.canary.share}%` : ''}` : '-';

const CLI_OPTIONS = {
  from: { type: 'string' },
  by: { type: 'string' },
  why: { type: 'string' },
  commit: { type: 'string' },
  expect: { type: 'string' },
  ttl: { type: 'string' },
  json: { type: 'boolean' },
  once: { type: 'boolean' },
  interval: { type: 'string' },
  minutes: { type: 'string' },
  telemetry: { type: 'string' },
  'min-views': { type: 'string' },
};

const USAGE =
  'usage: npm run release -- publish|point|canary|promote|abort|rollback|roll-forward|override-token|status|watch|list|prune <remote> … (see scripts/release.mjs)';

export async function main(argv = process.argv.slice(2)) {
  const { values, positionals } = parseArgs({ args: argv, options: CLI_OPTIONS, allowPositionals: true });
  const [command, name, arg, extra] = positionals;
  const opts = {
    by: values.by,
    why: values.why,
    commit: values.commit,
    expect: values.expect === undefined ? undefined : Number(values.expect),
  };
  const live = (r) => `${r.version} (${r.url})`;
  switch (command) {
    case 'publish':
      return `published ${await publish(name, arg, { ...opts, from: values.from })}`;
    case 'point':
      return `${name} → ${live(await point(name, arg, opts))} on the next page load`;
    case 'canary': {
      const r = await canary(name, arg, extra, opts);
      return `${name}: canary ${r.canary.version} to ${r.canary.share} % of visitors, live ${r.version} for the rest`;
    }
    case 'promote':
      return `${name} → ${live(await promote(name, opts))} for everyone`;
    case 'abort':
      return `${name}: canary ended, everyone on ${(await abort(name, opts)).version}`;
    case 'rollback':
      return `${name} rolled back → ${live(await rollback(name, opts))}`;
    case 'roll-forward':
      return `${name} rolled forward → ${live(await rollForward(name, opts))}`;
    case 'override-token': {
      const { token, id, expiresAt } = await issueOverride(name, arg, { ...opts, ttl: values.ttl });
      return `override ${id} for ${name} until ${expiresAt.toISOString()}\nopen the site with ?release_override=${token}`;
    }
    case 'status': {
      const report = status({ remote: name, limit: 10 });
      if (values.json) return JSON.stringify(report, null, 2);
      printStatus(report);
      return '';
    }
    case 'watch':
      await watchCanaries({
        once: values.once,
        intervalMs: Number(values.interval ?? 60) * 1000,
        minutes: Number(values.minutes ?? 10),
        rule: values['min-views'] ? { ...RULE, minViews: Number(values['min-views']) } : RULE,
        telemetry: (values.telemetry ?? process.env.RELEASE_TELEMETRY_URLS ?? '').split(',').filter(Boolean),
        abort: (remote, version, why) =>
          abort(remote, { ...opts, by: opts.by ?? 'release-watch', why, action: 'auto-abort', onlyVersion: version }),
        readRemotes: () => status({ limit: 0 }).remotes,
        log: (line) => console.log(line),
      });
      return '';
    case 'list':
      return list(name)
        .map(
          (r) => `${r.live ? '*' : r.canary ? '~' : ' '} ${r.version}  ${r.publishedAt?.toISOString() ?? 'publish time unknown'}`,
        )
        .join('\n');
    case 'prune': {
      const removed = await prune(name, arg === undefined ? KEEP_DAYS : Number(arg), opts);
      return `removed: ${removed.join(', ') || 'nothing'}`;
    }
    default:
      throw Object.assign(new Error(USAGE), { usage: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const out = await main();
    if (out) console.log(out);
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(error.usage ? 2 : error instanceof ConflictError ? 3 : 1);
  }
}
