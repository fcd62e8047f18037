// Versioned releases of a remote, and live repointing (README "Deploying one remote on its own",
// decisions 0019 and 0040). `npm run release -- <command>` or `node scripts/release.mjs <command>`:
//
//   publish      <remote> <version> [--from <dir>]  copy <remote>/dist (or <dir>) into RELEASES_DIR/<folder>/<version>/
//   point        <remote> <version>                 make the site load that release on the next page load
//   canary       <remote> <version> <share>         that release for <share> % of visitors (a sticky cohort,
//                                                   decision 0046); again with another share to change it
//   promote      <remote>                           the canary becomes everyone's live release
//   abort        <remote>                           the canary ends: its visitors go back to the live release
//   rollback     <remote>                           point back at the release live before this one
//   unpoint      <remote>                           no release: the site's own build (its config file's URL) again
//   roll-forward <remote>                           undo the last rollback
//   status       [<remote>] [--json]                live release, canary and its share, previous ones, the last 10 changes
//   list         <remote>                           releases, newest first, with their publish times
//   prune        <remote> [days]                    delete releases older than days (7), never the live one,
//                                                   the one rollback goes to, or those roll-forward goes to
//   override-token <remote> <manifest-url> [--ttl 2h]  a signed preview of that build for one browser
//                                                   (RELEASE_OVERRIDE_SECRET; decision 0047)
//   revoke-override <remote> <id>                   that preview ends on its browser's next page load
//   watch        [--once] [--interval 30] [--minutes 10] [--telemetry <url>,…] [--min-views 100]
//                                                   abort a canary whose telemetry is clearly worse than
//                                                   stable's (TELEMETRY_URLS or PROMETHEUS_URL; decision 0047)
//
// Every change takes --by <who> (default RELEASE_BY, else user@host), --why <text> (RELEASE_WHY),
// --commit <sha> (RELEASE_COMMIT, else the repository's HEAD) and --expect <version>: refuse the
// change if the pointers moved since that version (without it, changes at the same moment queue).
// point, rollback and roll-forward are refused while a canary runs: promote or abort it first.
// <remote> is its container (mf_catalog) or folder (mf-catalog). RELEASES_DIR (default ./releases)
// is what the remotes' static host serves at RELEASES_URL (default http://localhost:8090); the page
// service notices a new RELEASES_DIR/current.json on the next request. The shell is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import parts from '../build-config/parts.js';
import { readSetting } from '@portal/service-settings/read';
import { PAGE_SERVICE_SETTINGS } from '../page-service/src/config/settings.ts';
import { parseTtl, readOverride, signOverride } from '../page-service/src/builds/override-token.ts';
import { readTelemetry, RULE, watchCanaries } from './releases/canary-watch.mjs';
import { clientFromEnv } from './releases/release-client.mjs';
import { commitChange, ConflictError, readHistory, readState } from './releases/pointer-store.mjs';

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

export function checkVersion(version) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(version ?? '')) fail(`a release version is letters, digits, . _ - (got ${version})`);
  return version;
}

function options(env = process.env) {
  return {
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(parts.ROOT, 'releases')),
    releasesUrl: (env.RELEASES_URL ?? 'http://localhost:8090').replace(/\/$/, ''),
    // The release service with its builds in a bucket (decision 0068): the database's record of
    // publishes says which releases exist, not a folder.
    filesInState: env.RELEASE_FILES_STORAGE === 's3',
  };
}

let head;
function headCommit() {
  if (head === undefined) {
    const result = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: parts.ROOT, encoding: 'utf8' });
    head = result.status === 0 ? result.stdout.trim() : null;
  }
  return head;
}

/** Who made a change, why, and from which commit: the history's columns. */
export function whoFrom({ by, why, commit } = {}, env = process.env) {
  let user = env.USER ?? env.LOGNAME;
  try {
    user ??= os.userInfo().username;
  } catch {
    user ??= 'unknown';
  }
  return {
    by: by ?? env.RELEASE_BY ?? `${user}@${os.hostname()}`,
    why: why ?? env.RELEASE_WHY ?? null,
    commit: commit ?? env.RELEASE_COMMIT ?? headCommit(),
  };
}

/**
 * A remote's pointers in the state, filled in. The first format ({ version, url, history,
 * pointedAt }) had `history` as the releases pointed at before: it becomes `previous`.
 */
function remoteState(state, container) {
  // The live release first in the file, for whoever reads it by eye; unset keys are not written.
  const current = { version: undefined, url: undefined, pointedAt: undefined, pointedBy: undefined, ...state.remotes[container] };
  if (Array.isArray(current.history) && !current.previous) current.previous = current.history;
  delete current.history;
  current.previous ??= [];
  current.forward ??= [];
  current.published ??= {};
  state.remotes[container] = current;
  return current;
}

const releaseDir = (releasesDir, remote, version) => path.join(releasesDir, remote.folder, version);
const isPublished = ({ releasesDir, filesInState }, remote, version, current) =>
  filesInState
    ? Object.hasOwn(current.published, version)
    : existsSync(path.join(releaseDir(releasesDir, remote, version), 'mf-manifest.json'));

/**
 * One transaction on the pointers for one remote; `mutate(state, remoteState, details, who)`.
 * `opts.store` (the release service's database, decision 0062) replaces the locked file: there
 * `mutate` may run again on a newer state when another change came first (compare-and-swap).
 */
function change(action, remote, opts, mutate) {
  const { releasesDir } = options(opts.env);
  const who = whoFrom(opts, opts.env);
  if (opts.store)
    return opts.store.commit({ action, remote: remote.container, who, expectVersion: opts.expect }, (state, details) =>
      mutate(state, remoteState(state, remote.container), details, who),
    );
  return commitChange(
    releasesDir,
    {
      action,
      remote: remote.container,
      who,
      expectVersion: opts.expect,
      lockWaitMs: opts.lockWaitMs,
      staleLockMs: opts.staleLockMs,
    },
    (state, details) => mutate(state, remoteState(state, remote.container), details, who),
  );
}

/**
 * Copies a build into a hidden folder and, under the lock, renames it into
 * RELEASES_DIR/<folder>/<version>/ and records its publish time: the release appears whole (no
 * manifest before its chunks), and two publishes of one version cannot mix their files.
 */
export async function publish(nameOrFolder, version, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  // `npm run release` runs in the repository root: a relative --from means where npm was run.
  const vars = opts.env ?? process.env;
  const base = vars.npm_lifecycle_event === 'release' ? (vars.INIT_CWD ?? '') : '';
  const source = path.resolve(base, opts.from ?? path.join(parts.ROOT, remote.folder, 'dist'));
  if (!existsSync(path.join(source, 'mf-manifest.json')))
    fail(`${source} holds no build (no mf-manifest.json): build ${remote.folder} first`);
  const target = releaseDir(releasesDir, remote, checkVersion(version));
  const immutable = () => fail(`release ${remote.folder}/${version} exists: releases are immutable, publish a new version`);
  if (existsSync(target)) immutable();
  const staging = path.join(releasesDir, remote.folder, `.publishing-${version}-${randomBytes(4).toString('hex')}`);
  // Renamed once: a store that works a change out again (compare-and-swap) must not see its own release as taken.
  let renamed = false;
  try {
    cpSync(source, staging, { recursive: true });
    await change('publish', remote, opts, (state, current, details) => {
      if (!renamed) {
        if (existsSync(target)) immutable();
        renameSync(staging, target);
        renamed = true;
      }
      current.published[version] = new Date().toISOString();
      details.release = version;
      return state;
    });
  } catch (error) {
    // Not recorded: the release goes away again, so the same version can be published later.
    if (renamed) rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * Records a release whose files are already stored elsewhere (the release service's bucket, which
 * claimed the version first): from now on it may be pointed at.
 */
export async function recordPublish(nameOrFolder, version, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  checkVersion(version);
  await change('publish', remote, opts, (state, current, details) => {
    if (Object.hasOwn(current.published, version))
      fail(`release ${remote.folder}/${version} exists: releases are immutable, publish a new version`);
    current.published[version] = new Date().toISOString();
    details.release = version;
    return state;
  });
}

const manifestUrl = (releasesUrl, remote, version) => `${releasesUrl}/${remote.folder}/${version}/mf-manifest.json`;

function setLive(current, remote, version, where, by, verb) {
  const { releasesUrl } = where;
  if (!isPublished(where, remote, version, current)) fail(`cannot ${verb}: release ${remote.folder}/${version} is not published`);
  current.version = version;
  // The page service reads this (page-service/src/builds/pointer-state.ts), and the canary beside it.
  current.url = manifestUrl(releasesUrl, remote, version);
  current.pointedAt = new Date().toISOString();
  current.pointedBy = by;
}

const pushPrevious = (current) => {
  if (current.version) current.previous = [...current.previous, current.version].slice(-KEEP_PREVIOUS);
};

/** A running canary decides the next live release: promote or abort it, never point past it. */
function refuseDuringCanary(remote, current, verb) {
  if (current.canary)
    fail(`cannot ${verb}: ${remote.container} has a canary of ${current.canary.version} running (promote or abort it first)`);
}

/** Everyone gets `version` on their next page load; a fresh point ends what roll-forward could undo. */
export async function point(nameOrFolder, version, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  checkVersion(version);
  const { state } = await change('point', remote, opts, (state, current, details, { by }) => {
    refuseDuringCanary(remote, current, 'point');
    // Pointing again at the live release (say, after RELEASES_URL moved) keeps both stacks as they are.
    if (current.version !== version) {
      pushPrevious(current);
      current.forward = [];
    }
    setLive(current, remote, version, options(opts.env), by, 'point');
    details.release = version;
    return state;
  });
  return state.remotes[remote.container];
}

/** Points back at the release live before this one; the one it leaves goes on the roll-forward stack. */
export async function rollback(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { state } = await change('rollback', remote, opts, (state, current, details, { by }) => {
    refuseDuringCanary(remote, current, 'roll back');
    if (!current.version) fail(`${remote.container} points at no release`);
    const previous = current.previous.at(-1) ?? fail(`${remote.container} has no earlier release to roll back to`);
    const leaving = current.version;
    setLive(current, remote, previous, options(opts.env), by, 'roll back');
    current.previous = current.previous.slice(0, -1);
    current.forward = [...current.forward, leaving];
    details.release = previous;
    return state;
  });
  return state.remotes[remote.container];
}

/**
 * The remote's pointer goes: everyone gets the build the site's config file names again (the one
 * deployed with the site). The release it leaves is where rollback's stack goes on from once a
 * release is pointed at again.
 */
export async function unpoint(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { state } = await change('unpoint', remote, opts, (state, current, details, { by }) => {
    refuseDuringCanary(remote, current, 'unpoint');
    if (!current.version) fail(`${remote.container} points at no release`);
    details.release = current.version;
    pushPrevious(current);
    current.forward = [];
    delete current.version;
    delete current.url;
    current.pointedAt = new Date().toISOString();
    current.pointedBy = by;
    return state;
  });
  return state.remotes[remote.container];
}

/** Undoes the last rollback. */
export async function rollForward(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { state } = await change('roll-forward', remote, opts, (state, current, details, { by }) => {
    refuseDuringCanary(remote, current, 'roll forward');
    const next = current.forward.at(-1) ?? fail(`${remote.container} has no rollback to undo`);
    pushPrevious(current);
    setLive(current, remote, next, options(opts.env), by, 'roll forward');
    current.forward = current.forward.slice(0, -1);
    details.release = next;
    return state;
  });
  return state.remotes[remote.container];
}

/** A canary's share: a percentage above 0 and below 100 (100 is `promote`). */
function checkShare(share) {
  const percent = typeof share === 'number' ? share : Number(share);
  if (share === undefined || share === '' || !(percent > 0 && percent < 100))
    fail(`a canary's share is a percentage above 0 and below 100 (got ${share})`);
  return Math.round(percent * 100) / 100;
}

/**
 * Sends `share` % of visitors to `version` (decision 0046): each visitor is drawn once and kept
 * in their cohort (a cookie) until the canary ends. Run again for the same version to change the
 * share: visitors already drawn keep their cohort, new ones are drawn at the new share.
 */
export async function canary(nameOrFolder, version, share, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  checkVersion(version);
  const percent = checkShare(share);
  const { state } = await change('canary', remote, opts, (state, current, details) => {
    const where = options(opts.env);
    const { releasesUrl } = where;
    // With no pointer yet, the live release is the config file's URL: a canary may run beside it.
    if (current.version === version) fail(`${version} is already ${remote.container}'s live release`);
    if (current.canary && current.canary.version !== version)
      fail(`${remote.container} has a canary of ${current.canary.version} running: promote or abort it first`);
    if (!isPublished(where, remote, version, current))
      fail(`cannot canary: release ${remote.folder}/${version} is not published`);
    current.canary = current.canary
      ? { ...current.canary, url: manifestUrl(releasesUrl, remote, version), share: percent }
      : {
          version,
          url: manifestUrl(releasesUrl, remote, version),
          share: percent,
          // New at every start: the page service draws every visitor's cohort afresh for it.
          id: randomBytes(6).toString('hex'),
          since: new Date().toISOString(),
        };
    Object.assign(details, { release: version, share: percent, canaryId: current.canary.id });
    return state;
  });
  return state.remotes[remote.container];
}

/** The canary becomes everyone's live release (the one it replaces is where rollback goes). */
export async function promote(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { state } = await change('promote', remote, opts, (state, current, details, { by }) => {
    const running = current.canary ?? fail(`${remote.container} has no canary to promote`);
    pushPrevious(current);
    current.forward = [];
    setLive(current, remote, running.version, options(opts.env), by, 'promote');
    delete current.canary;
    Object.assign(details, { release: running.version, share: running.share, canaryId: running.id });
    return state;
  });
  return state.remotes[remote.container];
}

/** The canary ends; its visitors get the live release on their next page load. */
export async function abort(nameOrFolder, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { state } = await change('abort', remote, opts, (state, current, details) => {
    const running = current.canary ?? fail(`${remote.container} has no canary to abort`);
    // The watcher aborts the canary it judged, never one started since (opts.canaryId).
    if (opts.canaryId && running.id !== opts.canaryId)
      fail(`${remote.container}'s canary is now ${running.version} (cohorts ${running.id}), not the one judged: left running`);
    delete current.canary;
    Object.assign(details, { release: running.version, share: running.share, canaryId: running.id }, opts.details);
    return state;
  });
  return state.remotes[remote.container];
}

/** Release folders of a remote (hidden ones are publishes or prunes under way). */
function releaseFolders(releasesDir, remote) {
  const dir = path.join(releasesDir, remote.folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

function releasesOf({ releasesDir, filesInState }, remote, current) {
  return (filesInState ? Object.keys(current.published) : releaseFolders(releasesDir, remote))
    .map((version) => {
      const recorded = current.published[version];
      return {
        version,
        // Releases published before publish times were recorded fall back to their folder's time.
        publishedAt: recorded ? new Date(recorded) : statSync(releaseDir(releasesDir, remote, version)).mtime,
        recorded: Boolean(recorded),
        live: version === current.version,
      };
    })
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.version.localeCompare(a.version));
}

export function list(nameOrFolder, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  const where = options(env);
  return releasesOf(where, remote, remoteState(readState(where.releasesDir), remote.container));
}

/** `list` from the release service's database (its files are in RELEASES_DIR all the same). */
export async function listFrom(store, nameOrFolder, { env } = {}) {
  const remote = remoteNamed(nameOrFolder);
  return releasesOf(options(env), remote, remoteState(await store.readState(), remote.container));
}

/**
 * Deletes releases older than `days`, never the live one, the one rollback goes to, or any that
 * roll-forward goes to. Decided and done under the lock, so a release pointed at meanwhile is not
 * deleted; older previous releases it deletes leave the rollback list too.
 */
export async function prune(nameOrFolder, days = KEEP_DAYS, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  if (!(Number.isFinite(days) && days >= 0)) fail(`prune takes a number of days (got ${days})`);
  const where = options(opts.env);
  const { releasesDir } = where;
  const now = opts.now ?? Date.now();
  const moved = [];
  let entry;
  try {
    ({ entry } = await change(
      'prune',
      remote,
      { ...opts, why: opts.why ?? `older than ${days} days` },
      (state, current, details) => {
        const keep = new Set(
          [current.version, current.canary?.version, current.previous.at(-1), ...current.forward].filter(Boolean),
        );
        const old = releasesOf(where, remote, current).filter(
          (r) => !keep.has(r.version) && now - r.publishedAt.getTime() >= days * 86_400_000,
        );
        if (!old.length) return null;
        for (const { version } of old) {
          delete current.published[version];
          // In a bucket: the caller deletes the files once this is recorded (pointing at them is refused from now).
          if (where.filesInState) {
            moved.push({ version });
            continue;
          }
          // Renamed away now (atomic, quick), deleted once the lock is released.
          const trash = path.join(releasesDir, remote.folder, `.pruned-${version}-${randomBytes(4).toString('hex')}`);
          renameSync(releaseDir(releasesDir, remote, version), trash);
          moved.push({ version, trash });
        }
        const removed = new Set(moved.map((m) => m.version));
        current.previous = current.previous.filter((v) => !removed.has(v));
        details.removed = [...removed];
        return state;
      },
    ));
  } catch (error) {
    // The change was not recorded: the releases go back where they were.
    for (const { version, trash } of moved) if (trash) renameSync(trash, releaseDir(releasesDir, remote, version));
    throw error;
  }
  for (const { trash } of moved) if (trash) rmSync(trash, { recursive: true, force: true });
  return entry?.removed ?? [];
}

/** Longest preview a token may give: a tester's session, not a second release channel. */
export const MAX_OVERRIDE_TTL_MS = 7 * 86_400_000;

/**
 * A signed token that loads `url` as the remote in the one browser that opens the site with it,
 * until it expires. Recorded in the history (who, why, when, remote, URL, expiry, the token's id),
 * never the token itself: whoever reads the history cannot preview with it.
 */
export async function issueOverride(nameOrFolder, url, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const secret =
    // As the page services read it (their schema: at least 32 characters, or from RELEASE_OVERRIDE_SECRET_FILE).
    readSetting(opts.env ?? process.env, 'RELEASE_OVERRIDE_SECRET', PAGE_SERVICE_SETTINGS.RELEASE_OVERRIDE_SECRET) ??
    fail('set RELEASE_OVERRIDE_SECRET (at least 32 characters, the same value the page services have)');
  if (!URL.canParse(url ?? '') || !/^https?:$/.test(new URL(url).protocol)) fail(`${url} is not an http(s) manifest URL`);
  const ttlText = opts.ttl ?? '2h';
  const ttl = parseTtl(ttlText) ?? fail(`--ttl is a whole number and s, m, h or d (got ${ttlText})`);
  if (ttl > MAX_OVERRIDE_TTL_MS) fail(`--ttl is at most 7d (got ${ttlText})`);
  const exp = (opts.now ?? Date.now()) + ttl;
  const token = signOverride({ remote: remote.container, url, exp }, secret);
  const { id } = readOverride(token);
  const expiresAt = new Date(exp).toISOString();
  await change('override-token', remote, opts, (state, _current, details) => {
    Object.assign(details, { id, url, expiresAt });
    return state;
  });
  return { token, id, remote: remote.container, url, expiresAt };
}

/**
 * Ends one preview before it expires (a link shared too widely, a tester done): its id goes into
 * the remote's `revokedOverrides` in current.json until the token would have expired, and the page
 * services refuse it from their next request, clearing its cookie. Other overrides keep working.
 */
export async function revokeOverride(nameOrFolder, id, opts = {}) {
  const remote = remoteNamed(nameOrFolder);
  const { releasesDir } = options(opts.env);
  const now = opts.now ?? Date.now();
  // The database's history is read before (its change is compare-and-swap: a second revocation
  // of one id at the same moment finds it in revokedOverrides when worked out again).
  const history = opts.store ? await opts.store.readHistory(remote.container) : null;
  let issued;
  await change('revoke-override', remote, opts, (state, current, details) => {
    // Looked up under the lock: two revocations of one id at the same moment cannot both pass.
    issued =
      liveOverrides(history ?? readHistory(releasesDir), remote.container, current, now).find((o) => o.id === id) ??
      fail(`${remote.container} has no override ${id} that is still valid (release status ${remote.folder} lists them)`);
    // Expired ids need no entry: their tokens are refused anyway.
    const kept = Object.entries(current.revokedOverrides ?? {}).filter(([, until]) => Date.parse(until) > now);
    current.revokedOverrides = Object.fromEntries([...kept, [id, issued.expiresAt]]);
    Object.assign(details, { id, url: issued.url, expiresAt: issued.expiresAt });
    return state;
  });
  return { id, remote: remote.container, url: issued.url };
}

/**
 * Overrides issued for `container` that have neither expired nor been revoked (`current`, its
 * pointer: `revokedOverrides` is what the page services refuse), newest first.
 */
const liveOverrides = (history, container, current, now) =>
  history
    .filter(
      (e) =>
        e.action === 'override-token' &&
        e.remote === container &&
        Date.parse(e.expiresAt) > now &&
        !Object.hasOwn(current.revokedOverrides ?? {}, e.id),
    )
    .map(({ id, url, expiresAt, at, by, why }) => ({ id, url, expiresAt, issuedAt: at, by, why }))
    .reverse();

/**
 * `watch`: every `interval` seconds, judges each running canary against its stable release from
 * the telemetry (scripts/releases/canary-watch.mjs has the rule) and aborts one clearly worse,
 * recording the figures in its history line. Runs until SIGINT/SIGTERM, or once with `once`.
 */
export async function watch(opts = {}) {
  const env = opts.env ?? process.env;
  const { releasesDir } = options(env);
  const telemetryUrls = (opts.telemetry ?? env.TELEMETRY_URLS ?? 'http://localhost:8080').split(',').filter(Boolean);
  const prometheusUrl = opts.telemetry ? undefined : env.PROMETHEUS_URL;
  const rule = { ...RULE, ...(opts.minViews === undefined ? {} : { minViews: opts.minViews }) };
  const log = opts.log ?? ((line) => console.log(`${new Date().toISOString()} ${line}`));
  // An automatic change says so, whoever started the watcher (RELEASE_BY names people).
  const by = opts.by ?? `release watch@${os.hostname()}`;
  // Through the release service when RELEASE_API_URL is set: it reads and aborts there.
  const client = opts.client ?? null;
  const canaries = async () =>
    Object.entries((client ? await client.pointers() : readState(releasesDir)).remotes)
      .filter(([, pointer]) => pointer?.canary)
      .map(([container, pointer]) => ({
        remote: container,
        folder: remoteNamed(container).folder,
        canary: pointer.canary,
        stable: pointer.version ? { version: pointer.version, url: pointer.url } : null,
      }));
  const abortJudged = (container, running, verdict) =>
    (client ? (name, o) => client.change(name, 'abort', o) : abort)(container, {
      ...opts,
      env,
      by,
      why: `automatic: ${verdict.reason} in the last ${verdict.minutes} min`,
      canaryId: running.id,
      details: { watch: { minutes: verdict.minutes, canary: verdict.canary, stable: verdict.stable, rule } },
    });
  const stop = new AbortController();
  const stopping = () => stop.abort();
  process.once('SIGINT', stopping);
  process.once('SIGTERM', stopping);
  log(
    `watching canaries in ${client ? client.url : releasesDir} every ${opts.intervalS ?? 30} s, telemetry from ` +
      `${prometheusUrl ?? telemetryUrls.join(', ')}; judging from ${rule.minViews} canary clients`,
  );
  try {
    await watchCanaries({
      once: opts.once,
      intervalMs: (opts.intervalS ?? 30) * 1000,
      signal: stop.signal,
      canaries,
      telemetry: (minutes) => readTelemetry({ telemetryUrls, prometheusUrl, minutes, log }),
      abort: abortJudged,
      log,
      releasesDir: client ? null : releasesDir,
      maxMinutes: opts.minutes ?? 10,
      rule,
    });
  } finally {
    process.off('SIGINT', stopping);
    process.off('SIGTERM', stopping);
  }
}

const POINTING = new Set(['point', 'rollback', 'roll-forward', 'promote']);

/** Per remote: the live release and who pointed it, the previous ones, and the last `limit` changes. */
export function status({ env, remote: only, limit = 10, now = Date.now() } = {}) {
  const { releasesDir } = options(env);
  return statusOf({ state: readState(releasesDir), history: readHistory(releasesDir), where: releasesDir, only, limit, now });
}

/** `status` from the release service's database. */
export async function statusFrom(store, { remote: only, limit = 10, now = Date.now(), where = store.location } = {}) {
  return statusOf({ state: await store.readState(), history: await store.readHistory(), where, only, limit, now });
}

function statusOf({ state, history, where, only, limit, now }) {
  const names = only ? [remoteNamed(only).container] : parts.registry.remotes.map((r) => r.container);
  return {
    releasesDir: where,
    version: state.version,
    remotes: names.map((name) => {
      const current = remoteState(structuredClone(state), name);
      const mine = history.filter((entry) => entry.remote === name);
      // Pointed at before this history existed: who did it is known only if a line says so.
      const pointedBy =
        current.pointedBy ?? mine.findLast((e) => POINTING.has(e.action) && e.after === current.version)?.by ?? null;
      return {
        remote: name,
        live: current.version
          ? { version: current.version, url: current.url ?? null, pointedAt: current.pointedAt ?? null, pointedBy }
          : null,
        canary: current.canary ?? null,
        previous: [...current.previous].reverse(),
        forward: [...current.forward].reverse(),
        overrides: liveOverrides(mine, name, current, now),
        changes: mine.slice(-limit).reverse(),
      };
    }),
  };
}

const whatChanged = (c) => {
  switch (c.action) {
    case 'publish':
      return c.release;
    case 'prune':
      return `removed ${c.removed?.join(', ')}`;
    case 'canary':
      return `${c.after ?? '-'} + canary ${c.release} at ${c.share} %`;
    case 'abort':
      return `canary ${c.release} ended, ${c.after ?? '-'} for everyone`;
    case 'override-token':
      return `${c.id} → ${c.url} until ${c.expiresAt}`;
    case 'revoke-override':
      return `${c.id} revoked`;
    default:
      return `${c.before ?? '-'} → ${c.after ?? '-'}`;
  }
};

function formatStatus(report) {
  const lines = [`pointers version ${report.version} (${report.releasesDir})`];
  for (const r of report.remotes) {
    lines.push('', r.remote);
    if (r.live) {
      lines.push(`  live          ${r.live.version}  ${r.live.url ?? ''}`);
      lines.push(`                pointed ${r.live.pointedAt ?? 'at an unknown time'} by ${r.live.pointedBy ?? 'unknown'}`);
    } else lines.push('  live          none (the config file’s URL)');
    lines.push(
      r.canary
        ? `  canary        ${r.canary.version} to ${r.canary.share} % of visitors  ${r.canary.url}\n` +
            `                since ${r.canary.since} (cohorts ${r.canary.id})`
        : '  canary        none',
    );
    lines.push(`  previous      ${r.previous.join(', ') || 'none'}${r.previous.length ? '  (rollback goes to the first)' : ''}`);
    if (r.forward.length) lines.push(`  roll-forward  ${r.forward.join(', ')}  (roll-forward goes to the first)`);
    for (const o of r.overrides)
      lines.push(`  override      ${o.id} → ${o.url} until ${o.expiresAt}, issued by ${o.by}${o.why ? `: ${o.why}` : ''}`);
    lines.push(`  last changes${r.changes.length ? '' : '  none'}`);
    for (const c of r.changes)
      lines.push(
        `    #${c.version} ${c.at} ${c.action.padEnd(12)} ${whatChanged(c)}` +
          `  by ${c.by}${c.commit ? ` @${c.commit}` : ''}${c.why ? `: ${c.why}` : ''}`,
      );
  }
  return lines.join('\n');
}

const CLI_OPTIONS = {
  from: { type: 'string' },
  by: { type: 'string' },
  why: { type: 'string' },
  commit: { type: 'string' },
  expect: { type: 'string' },
  json: { type: 'boolean' },
  ttl: { type: 'string' },
  once: { type: 'boolean' },
  interval: { type: 'string' },
  minutes: { type: 'string' },
  telemetry: { type: 'string' },
  'min-views': { type: 'string' },
};

const USAGE =
  'usage: npm run release -- publish|point|canary|promote|abort|rollback|roll-forward|unpoint|status|list|prune <remote> [version|days] [share]\n' +
  '       npm run release -- override-token <remote> <manifest-url> [--ttl 2h] | revoke-override <remote> <id>\n' +
  '       npm run release -- watch [--once] [--interval 30] [--minutes 10] [--telemetry <url>[,<url>]] [--min-views 100]\n' +
  '       [--from <dir>] [--by <who>] [--why <text>] [--commit <sha>] [--expect <version>] [--json]  (see scripts/release.mjs)';

const usage = (message) => Object.assign(new Error(message ? `${message}\n${USAGE}` : USAGE), { usage: true });

/** Runs one command line; returns what to print. */
export async function main(argv = process.argv.slice(2), env = process.env) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: CLI_OPTIONS, allowPositionals: true });
  } catch (error) {
    throw usage(error.message);
  }
  const { values, positionals } = parsed;
  const [command, name, arg, extra] = positionals;
  if (values.expect !== undefined && !/^\d+$/.test(values.expect))
    throw usage(`--expect takes a pointers version, a whole number (got ${values.expect})`);
  const opts = {
    env,
    by: values.by,
    why: values.why,
    commit: values.commit,
    expect: values.expect === undefined ? undefined : Number(values.expect),
  };
  const needsRemote = () =>
    name ?? fail(`${command} needs a remote (${parts.registry.remotes.map((r) => r.container).join(', ')})`);
  const live = (r) => `${r.version} (${r.url}) on the next page load`;
  // RELEASE_API_URL: every verb is a request to the release service (decision 0062), which runs
  // the same functions on its database; who, why and the commit are still worked out here.
  const client = clientFromEnv(env);
  const remoteOpts = () => ({ ...whoFrom(opts, env), expect: opts.expect });
  const via = (verb, local, body = {}) =>
    client ? client.change(remoteNamed(needsRemote()).container, verb, { ...remoteOpts(), ...body }) : local();
  switch (command) {
    case 'publish': {
      if (!client) return `published ${await publish(needsRemote(), arg, { ...opts, from: values.from })}`;
      const remote = remoteNamed(needsRemote());
      const base = env.npm_lifecycle_event === 'release' ? (env.INIT_CWD ?? '') : '';
      const source = path.resolve(base, values.from ?? path.join(parts.ROOT, remote.folder, 'dist'));
      if (!existsSync(path.join(source, 'mf-manifest.json')))
        fail(`${source} holds no build (no mf-manifest.json): build ${remote.folder} first`);
      const published = await client.publish(remote.container, checkVersion(arg), source, remoteOpts());
      return `published ${published.url}`;
    }
    case 'point':
      return `${name} → ${live(await via('point', () => point(needsRemote(), arg, opts), { version: arg }))}`;
    case 'canary': {
      const r = await via('canary', () => canary(needsRemote(), arg, extra, opts), { version: arg, share: extra });
      const rest = r.version ?? 'the config file’s release';
      return `${name}: canary ${r.canary.version} (${r.canary.url}) for ${r.canary.share} % of visitors, ${rest} for the rest, on the next page load`;
    }
    case 'promote':
      return `${name} canary promoted → ${live(await via('promote', () => promote(needsRemote(), opts)))}, for everyone`;
    case 'abort': {
      const r = await via('abort', () => abort(needsRemote(), opts));
      return `${name} canary ended → everyone on ${r.version ? live(r) : 'the config file’s release on the next page load'}`;
    }
    case 'rollback':
      return `${name} rolled back → ${live(await via('rollback', () => rollback(needsRemote(), opts)))}`;
    case 'unpoint':
      await via('unpoint', () => unpoint(needsRemote(), opts));
      return `${name} → the config file’s release on the next page load`;
    case 'roll-forward':
      return `${name} rolled forward → ${live(await via('roll-forward', () => rollForward(needsRemote(), opts)))}`;
    case 'status': {
      const report = client ? await client.status(name) : status({ env, remote: name });
      return values.json ? JSON.stringify(report, null, 2) : formatStatus(report);
    }
    case 'list':
      return (client ? await client.list(remoteNamed(needsRemote()).container) : list(needsRemote(), { env }))
        .map((r) => `${r.live ? '*' : ' '} ${r.version}  ${r.publishedAt.toISOString()}${r.recorded ? '' : ' (folder time)'}`)
        .join('\n');
    case 'prune': {
      const days = arg === undefined ? KEEP_DAYS : Number(arg);
      const removed = await via('prune', () => prune(needsRemote(), days, opts), { days });
      return `removed: ${removed.join(', ') || 'nothing'}`;
    }
    case 'watch': {
      const whole = (flag, min, max) => {
        const text = values[flag];
        if (text === undefined) return undefined;
        const n = Number(text);
        if (!Number.isInteger(n) || n < min || n > max)
          throw usage(`--${flag} takes a whole number from ${min} to ${max} (got ${text})`);
        return n;
      };
      await watch({
        ...opts,
        once: values.once,
        intervalS: whole('interval', 1, 3600),
        minutes: whole('minutes', 1, 60),
        minViews: whole('min-views', 1, 1_000_000),
        telemetry: values.telemetry,
        client,
      });
      return '';
    }
    case 'override-token': {
      const issued = await via('override-token', () => issueOverride(needsRemote(), arg, { ...opts, ttl: values.ttl }), {
        url: arg,
        ttl: values.ttl,
      });
      if (values.json) return JSON.stringify(issued, null, 2);
      return (
        `${issued.token}\n` +
        `override ${issued.id}: ${issued.remote} → ${issued.url} until ${issued.expiresAt}, for whoever opens a page ` +
        'of the site with ?portal-override=<the token above> (its origin must be in overrideOrigins of the runtime config)'
      );
    }
    case 'revoke-override': {
      const revoked = await via('revoke-override', () => revokeOverride(needsRemote(), arg ?? '', opts), { id: arg ?? '' });
      return `override ${revoked.id} (${revoked.remote} → ${revoked.url}) revoked: its browser gets the live release on its next page load`;
    }
    default:
      throw usage(command ? `unknown command ${command}` : '');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const out = await main();
    if (out) console.log(out);
  } catch (error) {
    console.error(`✖ ${error.message}`);
    process.exit(error.usage ? 2 : error instanceof ConflictError ? 3 : 1);
  }
}
