import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, type LoginResponse } from '@portal/shared-contracts/account';
import type { Config } from '../config';
import { buildOnce, removeBuild, runOperation } from '../testing/built-server';
import { createOwnDatabase } from '../testing/own-database';
import { bearer, json, login, refresh, signedInPlayer, startTestServer, type TestServer } from '../testing/test-server';
import { until } from '../testing/wait';
import { loadMasterSecret } from './secrets';
import { addSigningKey } from './signing-keys';

/**
 * Rotating the JWT key signs no one out: the new key signs after every instance has read it,
 * earlier keys verify until their tokens expire; a key retired on purpose ends its tokens.
 * Each test has a database of its own (on PostgreSQL too): a key added to a shared one would
 * reach every other test file's server.
 */
const kidOf = (token: string): unknown =>
  (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid?: unknown }).kid;

const scratch: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** One or more servers on one database and one data folder (shared secret), refreshing keys every `refreshMs`. */
async function serversOnOneDatabase(count: number, refreshMs = 60_000): Promise<TestServer[]> {
  const own = await createOwnDatabase(`keys_${String(scratch.length)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-keys-'));
  scratch.push(dataDir);
  const base = await startTestServer({ dataDir, databaseUrl: own?.url ?? null });
  const overrides: Partial<Config> = {
    dataDir,
    databaseUrl: own?.url ?? null,
    operations: { ...base.context.config.operations, signingKeyRefreshMs: refreshMs },
  };
  await base.close();
  const servers: TestServer[] = [];
  for (let i = 0; i < count; i += 1) servers.push(await startTestServer(overrides));
  cleanups.push(async () => {
    for (const server of servers) await server.close();
    await own?.drop();
  });
  return servers;
}

const balance = (server: TestServer, token: string) =>
  server.app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(token) });

async function rotate(server: TestServer, retirePrevious: boolean) {
  const { config } = server.context;
  const added = await addSigningKey({
    db: server.context.database.db,
    master: loadMasterSecret(config.jwtSecret, config.dataDir),
    now: server.context.now(),
    activationDelayMs: 2 * config.operations.signingKeyRefreshMs,
    retirePrevious,
  });
  await server.context.signingKeys.load(); // what the refresh timer does
  return added;
}

it('a session goes on through a rotation: old tokens verify, renewal moves it to the new key', async () => {
  const [server] = await serversOnOneDatabase(1);
  if (!server) throw new Error('no server');
  const { tokens } = await signedInPlayer(server.app);
  expect(kidOf(tokens.access_token)).toBeUndefined(); // the primary key, as before rotation existed

  const { kid, activeFrom } = await rotate(server, false);
  // Until activeFrom, tokens are still signed with the old key (other instances may not know the new one yet).
  const early = await refresh(server.app, tokens.refresh_token);
  expect(early.statusCode).toBe(200);
  const beforeSwitch = json<LoginResponse>(early);
  expect(kidOf(beforeSwitch.access_token)).toBeUndefined();

  server.advance(Date.parse(activeFrom) - server.context.now().getTime() + 1000);
  expect((await balance(server, beforeSwitch.access_token)).statusCode).toBe(200);
  const renewed = await refresh(server.app, beforeSwitch.refresh_token);
  expect(renewed.statusCode).toBe(200);
  const afterSwitch = json<LoginResponse>(renewed);
  expect(kidOf(afterSwitch.access_token)).toBe(kid);
  expect(kidOf(afterSwitch.refresh_token)).toBe(kid);
  expect((await balance(server, afterSwitch.access_token)).statusCode).toBe(200);
  expect((await refresh(server.app, afterSwitch.refresh_token)).statusCode).toBe(200);
});

it('a token whose key was retired is refused, on the very next request', async () => {
  const [server] = await serversOnOneDatabase(1);
  if (!server) throw new Error('no server');
  const { player, tokens } = await signedInPlayer(server.app);
  expect((await balance(server, tokens.access_token)).statusCode).toBe(200); // now in the verified cache

  const { kid, activeFrom } = await rotate(server, true);
  server.advance(Date.parse(activeFrom) - server.context.now().getTime() + 1000);
  expect((await balance(server, tokens.access_token)).statusCode).toBe(401);
  expect((await refresh(server.app, tokens.refresh_token)).statusCode).toBe(401);
  // A forged kid names no key at all.
  const [, payload, signature] = tokens.access_token.split('.');
  const forgedHeader = Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'no-such-key' })).toString('base64url');
  expect((await balance(server, `${forgedHeader}.${payload ?? ''}.${signature ?? ''}`)).statusCode).toBe(401);

  const again = json<LoginResponse>(await login(server.app, player.email, player.password));
  expect(kidOf(again.access_token)).toBe(kid);
  expect((await balance(server, again.access_token)).statusCode).toBe(200);
});

it('npm run rotate-key reaches two running instances without a restart', async () => {
  const outdir = buildOnce('keys');
  cleanups.push(async () => {
    removeBuild(outdir);
    await Promise.resolve();
  });
  const [first, second] = await serversOnOneDatabase(2, 100);
  if (!first || !second) throw new Error('no servers');
  const { tokens } = await signedInPlayer(first.app);

  const { config } = first.context;
  const rotated = runOperation(outdir, ['rotate-key'], {
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl ?? '',
    SIGNING_KEY_REFRESH_SECONDS: '1',
  });
  expect(rotated.stderr).toBe('');
  expect(rotated.code).toBe(0);
  const kid = /signing key (\S+) added; every instance signs with it from \S+/.exec(rotated.stdout)?.[1];
  expect(kid).toBeDefined();

  // Both pick it up from the database on their own (every 100 ms here) and sign with it from its start.
  await until('both instances sign with the new key', () =>
    [first, second].every((server) => server.context.signingKeys.signing().kid === kid),
  );
  const renewed = json<LoginResponse>(await refresh(first.app, tokens.refresh_token));
  expect(kidOf(renewed.access_token)).toBe(kid);
  expect((await balance(second, renewed.access_token)).statusCode).toBe(200);
  expect((await refresh(second.app, renewed.refresh_token)).statusCode).toBe(200);
  // The token from before the rotation still works on either.
  expect((await balance(second, tokens.access_token)).statusCode).toBe(200);
}, 60_000);
