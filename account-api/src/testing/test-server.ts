import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_PATHS,
  errorDetailMessage,
  type LoginResponse,
  type OutboxMessage,
  type UploadResponse,
} from '@portal/shared-contracts/account';
import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';

/** A real server on a throw-away SQLite file, with a movable clock and cheap password hashing. */
export interface TestServer extends App {
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}, options: Partial<AppOptions> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-api-test-'));
  let offset = 0;
  const base = loadConfig({
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    DEV_OUTBOX: '1',
  });
  const config: Config = {
    ...base,
    dataDir,
    // Each server counts in its own Redis keys, so test files sharing one Redis do not meet.
    redisKeyPrefix: `test-${process.pid}-${randomBytes(4).toString('hex')}:`,
    logLevel: 'silent',
    // 2^10 instead of 2^15: the same code path, a fraction of the time.
    passwordHashCost: 10,
    ...overrides,
    mail: {
      ...base.mail,
      // On SQLite every test server has its own file and its own worker (the dev-outbox path).
      // On the one shared PostgreSQL test database, a dev-outbox worker in one test file would take
      // the mail another file's SMTP test waits for: there, only tests that ask run a worker.
      worker: !process.env.TEST_DATABASE_URL,
      pollMs: 25,
      retryBaseMs: 50,
      retryMaxMs: 400,
      ...overrides.mail,
    },
  };
  const built = await buildApp({ config, logger: false, now: () => new Date(Date.now() + offset), ...options });
  return {
    ...built,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One test server for the calling file or describe block: started in its beforeAll, closed in its
 * afterAll. The returned handle reads the running server, so tests use it like a TestServer.
 */
export function setupTestServer(overrides: Partial<Config> = {}, options: Partial<AppOptions> = {}): TestServer {
  let started: TestServer | null = null;
  beforeAll(async () => {
    started = await startTestServer(overrides, options);
  });
  afterAll(() => started?.close());
  const current = (): TestServer => {
    if (!started) throw new Error('the test server starts in beforeAll; use it inside a test or hook');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get context() {
      return current().context;
    },
    get mailWorker() {
      return current().mailWorker;
    },
    get purgeJob() {
      return current().purgeJob;
    },
    get gameChecker() {
      return current().gameChecker;
    },
    get dataDir() {
      return current().dataDir;
    },
    advance: (ms) => {
      current().advance(ms);
    },
    close: () => current().close(),
  };
}

// Not in the breached-password list (which holds "Passw0rd!").
export const STRONG_PASSWORD = 'Tr0mbone-Kettle!';

let counter = 0;
/** A unique player per call, so tests never collide (also on a shared PostgreSQL). */
export function newPlayer(prefix = 'player') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.com`, firstName: 'Test', lastName: 'Player', password: STRONG_PASSWORD };
}
export type Player = ReturnType<typeof newPlayer>;

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the contract it expects
export function json<T>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The `detail` message of a product §8 error body ('<none>' when the body has none). */
export const detailOf = (body: string) => errorDetailMessage(JSON.parse(body), '<none>');

/** A signed-in POST with a JSON body. */
export function postAs(app: FastifyInstance, url: string, token: string, payload: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

/** update-password from the signed-in player's session. */
export function changePassword(app: FastifyInstance, token: string, oldPassword: string, newPassword: string) {
  return postAs(app, API_PATHS.updatePassword, token, { old_password: oldPassword, new_password: newPassword });
}

/** forgot-password, then reset-password with the mailed code. */
export async function resetPasswordByMail(app: FastifyInstance, email: string, newPassword: string) {
  await app.inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email }) });
  const { code } = await latestMail(app, email);
  return app.inject({
    method: 'POST',
    url: API_PATHS.resetPassword,
    ...form({ email, reset_code: code ?? '', new_password: newPassword }),
  });
}

/** POST /api/refresh-token with a refresh token. */
export function refresh(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: API_PATHS.refreshToken, payload: { refresh_token: refreshToken } });
}

/** The claims of a token the API issued: read, not verified. */
export interface TokenClaims {
  sub: string;
  sid: string;
  ver: number;
  jti?: string;
}
export function claimsOf(token: string): TokenClaims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
}

/** A sign-in with a wrong password, arriving through a proxy that saw `forwardedFor`. */
export function wrongLoginFrom(app: FastifyInstance, forwardedFor: string, username: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: API_PATHS.login,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username, password: 'Wrong-passw0rd!' },
  });
}

export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMessage> {
  const response = await app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(to)}` });
  const [mail] = json<OutboxMessage[]>(response);
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

export async function register(app: FastifyInstance, player: Player): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: API_PATHS.register, ...form(player) });
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: API_PATHS.login, payload: { username, password } });
}

/** Registers, verifies by the mailed code and signs in: a ready-to-use session. */
export async function signedInPlayer(
  app: FastifyInstance,
  player: Player = newPlayer(),
): Promise<{ player: Player; tokens: LoginResponse }> {
  await register(app, player);
  const { code } = await latestMail(app, player.email);
  await app.inject({
    method: 'POST',
    url: API_PATHS.verifyEmail,
    ...form({ email: player.email, verification_code: code ?? '' }),
  });
  const response = await login(app, player.email, player.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { player, tokens: json<LoginResponse>(response) };
}

/** A signed-in player's tokens and the pair one refresh with them returned (which must be a 200). */
export async function refreshedPlayer(app: FastifyInstance): Promise<{ tokens: LoginResponse; next: LoginResponse }> {
  const { tokens } = await signedInPlayer(app);
  const renewed = await refresh(app, tokens.refresh_token);
  expect(renewed.statusCode).toBe(200);
  return { tokens, next: json<LoginResponse>(renewed) };
}

/** A multipart body with one file, as a browser's FormData would send it. */
export function multipartFile(
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
  headers: Record<string, string> = {},
) {
  const boundary = `----account-api-test-${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** The smallest valid PNG: 1x1 transparent pixel. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A picture uploaded by a signed-in player (a PNG, TINY_PNG unless given). */
export function uploadPicture(server: TestServer, token: string, content: Buffer = TINY_PNG) {
  return server.app.inject({
    method: 'POST',
    url: API_PATHS.upload,
    ...multipartFile('me.png', content, 'image/png', bearer(token)),
  });
}

/** The name of a picture uploaded by a signed-in player (the upload must be a 200). */
export async function uploadedPicture(server: TestServer, token: string): Promise<string> {
  const response = await uploadPicture(server, token);
  expect(response.statusCode).toBe(200);
  return json<UploadResponse>(response).name;
}

/** Makes an uploaded picture the player's profile picture (save-picture). */
export function savePicture(server: TestServer, token: string, name: string) {
  return server.app.inject({ method: 'POST', url: `${API_PATHS.savePicture}?picture_url=${name}`, headers: bearer(token) });
}
