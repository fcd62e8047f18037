import BetterSqlite3 from 'better-sqlite3';
import { API_PATHS, type BalanceResponse, type UserRecord } from '@portal/shared-contracts/account';
import { bearer, claimsOf, json, setupTestServer, signedInPlayer } from '../testing/test-server';
import { oncePerTask, UntilCommitCache } from './until-commit-cache';

describe('UntilCommitCache', () => {
  it('keeps an answer while the version stays, and drops every answer when it moves', () => {
    let version = 1;
    const cache = new UntilCommitCache<string>(() => version, 10);
    let loads = 0;
    const load = () => `answer ${(loads += 1)}`;
    expect(cache.read('a', load)).toBe('answer 1');
    expect(cache.read('a', load)).toBe('answer 1');
    expect(loads).toBe(1);
    version = 2;
    expect(cache.read('a', load)).toBe('answer 2');
    expect(loads).toBe(2);
  });

  it('keeps nothing for a read that found nothing', () => {
    const cache = new UntilCommitCache<string>(() => 1, 10);
    let loads = 0;
    const missing = () => {
      loads += 1;
      return undefined;
    };
    expect(cache.read('a', missing)).toBeUndefined();
    expect(cache.read('a', missing)).toBeUndefined();
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds at most its bound, the oldest answer going first', () => {
    const cache = new UntilCommitCache<string>(() => 1, 2);
    cache.read('a', () => 'a1');
    cache.read('b', () => 'b1');
    cache.read('c', () => 'c1');
    expect(cache.size).toBe(2);
    expect(cache.read('a', () => 'a2')).toBe('a2');
    expect(cache.read('c', () => 'c2')).toBe('c1');
  });
});

describe('oncePerTask', () => {
  it('reads once for the calls of one synchronous stretch, and again in the next task', async () => {
    let version = 1;
    let reads = 0;
    const read = oncePerTask(() => {
      reads += 1;
      return version;
    });
    expect(read()).toBe(1);
    expect(read()).toBe(1);
    expect(reads).toBe(1);
    // A commit between two requests: the next one, a later task, sees it.
    version = 2;
    await Promise.resolve();
    expect(read()).toBe(2);
    expect(reads).toBe(2);
  });
});

// The API on SQLite keeps get-user-info's and balance's answers until the next commit. These
// requests come after a warm-up that put each answer in the cache; the change is committed by
// another connection to the file (another process would do the same), never by this server.
const onSqlite = process.env.TEST_DATABASE_URL ? describe.skip : describe;
onSqlite('kept answers on SQLite end with any commit to the file', () => {
  const server = setupTestServer();
  const me = (token: string) => server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(token) });
  const balance = (token: string) => server.app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(token) });

  /** Another connection to the API's file, as another process would open it. */
  function otherWriter(): BetterSqlite3.Database {
    const other = new BetterSqlite3(server.context.database.location, { fileMustExist: true });
    other.pragma('busy_timeout = 5000');
    return other;
  }

  async function warmedUp() {
    const { tokens } = await signedInPlayer(server.app);
    const first = await me(tokens.access_token);
    expect(first.statusCode).toBe(200);
    // Twice: the second answer is the kept one.
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    return { token: tokens.access_token, claims: claimsOf(tokens.access_token), user: json<UserRecord>(first) };
  }

  it('a session revoked by another writer is refused on the very next request', async () => {
    const { token, claims } = await warmedUp();
    const other = otherWriter();
    try {
      other
        .prepare("update sessions set revoked_at = ?, revoked_reason = 'logout' where id = ?")
        .run(new Date().toISOString(), claims.sid);
    } finally {
      other.close();
    }
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a token_version bumped by another writer (a password change) is refused on the very next request', async () => {
    const { token, user } = await warmedUp();
    const other = otherWriter();
    try {
      other.prepare('update users set token_version = token_version + 1 where id = ?').run(user.id);
    } finally {
      other.close();
    }
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a profile edited by another writer is answered as edited', async () => {
    const { token, user } = await warmedUp();
    const other = otherWriter();
    try {
      other.prepare("update users set city = 'Lisbon' where id = ?").run(user.id);
    } finally {
      other.close();
    }
    expect(json<UserRecord>(await me(token)).city).toBe('Lisbon');
  });

  it('a balance changed by another writer is answered as changed', async () => {
    const { token, user } = await warmedUp();
    const before = json<BalanceResponse>(await balance(token));
    expect(json<BalanceResponse>(await balance(token))).toEqual(before);
    const other = otherWriter();
    try {
      other.prepare('update wallets set balance = balance + 7 where user_id = ?').run(user.id);
    } finally {
      other.close();
    }
    expect(json<BalanceResponse>(await balance(token)).balance).toBe(before.balance + 7);
  });
});
