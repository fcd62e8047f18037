import { API_PATHS } from 'shared-contracts/account';
import { MAX_CODE_ATTEMPTS } from '../accounts/one-time-codes';
import { form, latestMail, newPlayer, register, signedInPlayer, setupTestServer } from '../testing/test-server';
import { ACCOUNT_LIMITS } from './rate-limits';

// Behind one proxy, so each request below can come from its own client address.
const server = setupTestServer({ trustProxy: 1 });

let address = 0;
/** A new client address per call: the per-address limits never fire, only the per-account ones. */
const fromNewAddress = () => {
  address += 1;
  return { 'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${address % 250}` };
};
const loginAs = (username: string, password: string) =>
  server.app.inject({ method: 'POST', url: API_PATHS.login, headers: fromNewAddress(), payload: { username, password } });
const postForm = (url: string, fields: Record<string, string>) => {
  const body = form(fields);
  return server.app.inject({ method: 'POST', url, headers: { ...body.headers, ...fromNewAddress() }, payload: body.payload });
};
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const { max } = ACCOUNT_LIMITS.login;

describe('per-account sign-in limit, across addresses and identifiers', () => {
  it(`allows ${max} tries per account from any mix of addresses, user name and email, then 429`, async () => {
    const { player } = await signedInPlayer(server.app);
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) {
      const identifier = i % 2 === 0 ? player.email : player.username.toUpperCase();
      statuses.push((await loginAs(identifier, 'Wrong-passw0rd!')).statusCode);
    }
    expect(statuses).toEqual(Array(max).fill(400));
    const blocked = await loginAs(player.username, player.password);
    expect(blocked.statusCode).toBe(429);
    expect((JSON.parse(blocked.body) as { detail: string }).detail).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    if (!server.context.config.redisUrl) {
      server.advance(ACCOUNT_LIMITS.login.windowMs + 1000);
      expect((await loginAs(player.username, player.password)).statusCode).toBe(200);
    }
  });

  it('limits unknown names the same way', async () => {
    const name = newPlayer('ghost').username;
    for (let i = 0; i < max; i += 1) expect((await loginAs(name, 'Wrong-passw0rd!')).statusCode).toBe(400);
    expect((await loginAs(name, 'Wrong-passw0rd!')).statusCode).toBe(429);
  });

  it('a successful sign-in starts the count again', async () => {
    const { player } = await signedInPlayer(server.app);
    for (let i = 0; i < max - 1; i += 1) await loginAs(player.email, 'Wrong-passw0rd!');
    expect((await loginAs(player.email, player.password)).statusCode).toBe(200);
    for (let i = 0; i < max - 1; i += 1) expect((await loginAs(player.email, 'Wrong-passw0rd!')).statusCode).toBe(400);
  });
});

describe('per-account code entry limit', () => {
  it('keeps counting wrong codes when a new code is issued within the window', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const first = (await latestMail(server.app, player.email)).code ?? '';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: wrong(first) });
    expect((await postForm(API_PATHS.resendVerification, { email: player.email })).statusCode).toBe(200);
    const second = (await latestMail(server.app, player.email)).code ?? '';
    expect(second).not.toBe(first);
    const budgetLeft = ACCOUNT_LIMITS.codeEntry.max - MAX_CODE_ATTEMPTS;
    for (let i = 0; i < budgetLeft; i += 1) {
      const answer = await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: wrong(second) });
      expect(answer.statusCode).toBe(400);
    }
    // Even the right code is refused now: the account's attempts are used up for this window.
    const right = await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: second });
    expect(right.statusCode).toBe(429);
  });

  it('limits reset-code guesses per account across addresses', async () => {
    const { player } = await signedInPlayer(server.app);
    await postForm(API_PATHS.forgotPassword, { email: player.email });
    const code = (await latestMail(server.app, player.email)).code ?? '';
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.codeEntry.max; i += 1) {
      if (i === MAX_CODE_ATTEMPTS) await postForm(API_PATHS.forgotPassword, { email: player.email });
      statuses.push(
        (await postForm(API_PATHS.resetPassword, { email: player.email, reset_code: wrong(code), new_password: 'N3w-passw0rd!' }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
