import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOwnDatabase, type OwnDatabase } from '../testing/own-database';
import { ReleaseConflictError, ReleaseStore, type PointerState } from './release-store';

// The release service's database on what this run gives: the embedded SQLite file, or PostgreSQL
// with TEST_DATABASE_URL (`npm run test:pg`), where two service instances are two pools on one
// database and their changes meet at the row lock of `UPDATE … WHERE version = <read>`.
let own: OwnDatabase | null = null;
let folder: string;
const stores: ReleaseStore[] = [];

/** A service instance of its own: its own connection pool on the one shared database. */
async function instance(): Promise<ReleaseStore> {
  const store = await ReleaseStore.open({ databaseUrl: own?.url ?? null, dataDir: folder });
  stores.push(store);
  return store;
}

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  own = await createOwnDatabase('release_store');
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await own?.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

const who = { by: 'ci', why: null, commit: null };
/** A change of release.mjs's shape: one remote's `version` set. */
const pointTo = (store: ReleaseStore, remote: string, version: string, expectVersion?: number) =>
  store.commit({ action: 'point', remote, who, expectVersion }, (state: PointerState) => {
    state.remotes[remote] = { ...state.remotes[remote], version };
    return state;
  });

/** Two instances; on PostgreSQL started at the same moment (the migrator's advisory lock lets one migrate). */
const two = async (): Promise<[ReleaseStore, ReleaseStore]> =>
  own ? Promise.all([instance(), instance()]) : [await instance(), await instance()];
/**
 * Two instances whose changes run at once. On SQLite one store plays both: two handles in one
 * thread cannot wait for each other (better-sqlite3's busy wait blocks the thread that would
 * commit), while one handle's changes already interleave between their read and their write.
 */
const together = async (): Promise<[ReleaseStore, ReleaseStore]> => {
  if (own) return two();
  const store = await instance();
  return [store, store];
};

it('migrates once and starts from version 0 (on PostgreSQL, with two instances starting at the same moment)', async () => {
  const [a, b] = await two();
  expect(await a.readState()).toEqual({ version: 0, remotes: {} });
  expect(await b.stateVersion()).toBe(0);
  expect(a.location).toMatch(own ? /^postgres/ : /^sqlite/);
});

it('keeps every change made at once from two instances, one after the other, each with its history line', async () => {
  const [a, b] = await together();
  const remotes = Array.from({ length: 12 }, (_, i) => `mf_${String(i)}`);
  await Promise.all(remotes.map((remote, i) => pointTo(i % 2 ? a : b, remote, 'v1')));
  const state = await a.readState();
  expect(state.version).toBe(remotes.length);
  expect(Object.keys(state.remotes).sort()).toEqual([...remotes].sort());
  const history = await b.readHistory();
  expect(history.map((entry) => entry.version)).toEqual(remotes.map((_, i) => i + 1));
  expect(new Set(history.map((entry) => entry.remote))).toEqual(new Set(remotes));
});

it('with an expected version, of two changes at once from two instances one is kept and the other refused, naming it', async () => {
  const [a, b] = await together();
  await pointTo(a, 'mf_catalog', 'v1');
  const results = await Promise.allSettled([pointTo(a, 'mf_catalog', 'v2', 1), pointTo(b, 'mf_catalog', 'v3', 1)]);
  const kept = results.filter((result) => result.status === 'fulfilled');
  const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  expect(kept).toHaveLength(1);
  expect(refused).toHaveLength(1);
  expect(refused[0]).toBeInstanceOf(ReleaseConflictError);
  const state = await a.readState();
  expect(state.version).toBe(2);
  expect((refused[0] as Error).message).toContain(
    'you expected the pointers at version 1, they are at version 2: point mf_catalog by ci',
  );
  expect((await a.readHistory()).map((entry) => entry.after)).toEqual(['v1', state.remotes.mf_catalog?.version]);
});

it('works a change out again when another instance wrote between its read and its write', async () => {
  const [a, b] = await two();
  // The other instance commits right after this one's first read: this write must not undo it.
  const read = a.readState.bind(a);
  let reads = 0;
  a.readState = async () => {
    const state = await read();
    reads += 1;
    if (reads === 1) await pointTo(b, 'mf_catalog', 'c1');
    return state;
  };
  await pointTo(a, 'mf_player', 'p1');
  expect(reads).toBe(2);
  expect((await b.readState()).remotes).toEqual({ mf_catalog: { version: 'c1' }, mf_player: { version: 'p1' } });
  expect((await b.readHistory()).map((entry) => [entry.version, entry.remote, entry.after])).toEqual([
    [1, 'mf_catalog', 'c1'],
    [2, 'mf_player', 'p1'],
  ]);
});

it('gives a version name to one publish only, from any instance; a failed publish gives it back', async () => {
  const [a, b] = await together();
  const claims = await Promise.all([a, b, a, b].map((store) => store.claimVersion('mf_catalog', 'v1')));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await a.claimVersion('mf_player', 'v1')).toBe(true);
  await b.releaseVersion('mf_catalog', 'v1');
  expect(await a.claimVersion('mf_catalog', 'v1')).toBe(true);
  expect(await b.claimVersion('mf_catalog', 'v1')).toBe(false);
});

it('verifies tokens by their hash, per remote, until revoked; refusals are kept', async () => {
  const store = await instance();
  const { id, token } = await store.createToken('mf_catalog');
  expect(await store.verifyToken(token)).toEqual({ id, remote: 'mf_catalog' });
  expect(await store.verifyToken(`${token.slice(0, -1)}x`)).toBeNull();
  expect(await store.revokeToken(id)).toBe(true);
  expect(await store.revokeToken(id)).toBe(false);
  expect(await store.verifyToken(token)).toBeNull();
  await store.recordRefusal({
    remote: 'mf_player',
    tokenId: id,
    tokenRemote: 'mf_catalog',
    action: 'point',
    reason: 'not yours',
  });
  expect(await store.refusals('mf_player')).toEqual([
    expect.objectContaining({ tokenId: id, tokenRemote: 'mf_catalog', action: 'point', reason: 'not yours' }),
  ]);
});
