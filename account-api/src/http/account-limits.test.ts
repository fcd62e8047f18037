import { API_PATHS } from '@portal/shared-contracts/account';
import { MAX_CODE_ATTEMPTS } from '../accounts/one-time-codes';
import { form, latestMail, newPlayer, register, signedInPlayer, setupTestServer } from '../testing/test-server';
import { ACCOUNT_LIMITS, clientNetwork, clientSite } from './rate-limits';

// Behind one proxy, so each request below can say which client address it comes from.
const server = setupTestServer({ trustProxy: 1 });

const ATTACKER = '198.18.0.66';
let address = 0;
/** A new client address per call. */
const newAddress = () => {
  address += 1;
  return `198.19.${Math.floor(address / 250)}.${address % 250}`;
};
const loginAs = (username: string, password: string, from: string) =>
  server.app.inject({
    method: 'POST',
    url: API_PATHS.login,
    headers: { 'x-forwarded-for': from },
    payload: { username, password },
  });
const postForm = (url: string, fields: Record<string, string>, from: string) => {
  const body = form(fields);
  return server.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-forwarded-for': from }, payload: body.payload });
};
const wrong = (code: string) => (code.startsWith('9') ? '1' : '9') + code.slice(1);
const { max } = ACCOUNT_LIMITS.login;

describe('sign-in limit per account and client network', () => {
  it(`allows ${max} wrong tries per account from one address, by name or email, then 429 for that address`, async () => {
    const { player } = await signedInPlayer(server.app);
    const from = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) {
      const identifier = i % 2 === 0 ? player.email : player.username.toUpperCase();
      statuses.push((await loginAs(identifier, 'Wrong-passw0rd!', from)).statusCode);
    }
    expect(statuses).toEqual(Array(max).fill(400));
    const blocked = await loginAs(player.username, player.password, from);
    expect(blocked.statusCode).toBe(429);
    expect((JSON.parse(blocked.body) as { detail: string }).detail).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    if (!server.context.config.redisUrl) {
      server.advance(ACCOUNT_LIMITS.login.windowMs + 1000);
      expect((await loginAs(player.username, player.password, from)).statusCode).toBe(200);
    }
  });

  it("an attacker's failures cannot keep the owner out: the owner signs in from their own address", async () => {
    const { player } = await signedInPlayer(server.app);
    // The attacker keeps going well past the limit, by name and by email.
    for (let i = 0; i < max + 5; i += 1)
      await loginAs(i % 2 === 0 ? player.email : player.username, `Guess-${i}-passw0rd!`, ATTACKER);
    expect((await loginAs(player.email, 'Wrong-passw0rd!', ATTACKER)).statusCode).toBe(429);
    expect((await loginAs(player.email, player.password, newAddress())).statusCode).toBe(200);
    expect((await loginAs(player.username, player.password, newAddress())).statusCode).toBe(200);
  });

  it('limits unknown names the same way', async () => {
    const name = newPlayer('ghost').username;
    const from = newAddress();
    for (let i = 0; i < max; i += 1) expect((await loginAs(name, 'Wrong-passw0rd!', from)).statusCode).toBe(400);
    expect((await loginAs(name, 'Wrong-passw0rd!', from)).statusCode).toBe(429);
  });

  it('a successful sign-in starts the count again', async () => {
    const { player } = await signedInPlayer(server.app);
    const from = newAddress();
    for (let i = 0; i < max - 1; i += 1) await loginAs(player.email, 'Wrong-passw0rd!', from);
    expect((await loginAs(player.email, player.password, from)).statusCode).toBe(200);
    // By name now: the per-address route limit (every request, by typed text) stays out of the way.
    for (let i = 0; i < max - 1; i += 1) expect((await loginAs(player.username, 'Wrong-passw0rd!', from)).statusCode).toBe(400);
  });
});

describe('code entry limit per account and client network', () => {
  it('keeps counting wrong codes when a new code is issued within the window', async () => {
    const player = newPlayer();
    const from = newAddress();
    await register(server.app, player);
    const first = (await latestMail(server.app, player.email)).code ?? '';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: wrong(first) }, from);
    expect((await postForm(API_PATHS.resendVerification, { email: player.email }, newAddress())).statusCode).toBe(200);
    const second = (await latestMail(server.app, player.email)).code ?? '';
    expect(second).not.toBe(first);
    const budgetLeft = ACCOUNT_LIMITS.codeEntry.max - MAX_CODE_ATTEMPTS;
    for (let i = 0; i < budgetLeft; i += 1) {
      const answer = await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: wrong(second) }, from);
      expect(answer.statusCode).toBe(400);
    }
    // Even the right code is refused from this address now: its attempts are used up for this window.
    const right = await postForm(API_PATHS.verifyEmail, { email: player.email, verification_code: second }, from);
    expect(right.statusCode).toBe(429);
  });

  it("an attacker's wrong reset codes cannot keep the owner's mailed code out", async () => {
    const { player } = await signedInPlayer(server.app);
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.codeEntry.max; i += 1) {
      const guess = String(100_000 + i);
      statuses.push(
        (
          await postForm(
            API_PATHS.resetPassword,
            { email: player.email, reset_code: guess, new_password: 'N3w-passw0rd!' },
            ATTACKER,
          )
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    // The owner asks for a code and types it from their own address.
    await postForm(API_PATHS.forgotPassword, { email: player.email }, newAddress());
    const code = (await latestMail(server.app, player.email)).code ?? '';
    const reset = await postForm(
      API_PATHS.resetPassword,
      { email: player.email, reset_code: code, new_password: 'N3w-passw0rd!' },
      newAddress(),
    );
    expect(reset.statusCode).toBe(200);
  });
});

describe('reset mails an attacker cannot spend (ASVS 5.0 6.1.1)', () => {
  const mailsTo = async (email: string) =>
    (
      JSON.parse(
        (await server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(email)}` })).body,
      ) as unknown[]
    ).length;
  const OWNER_HOME = '203.0.113.50';

  it('10 forgot-password requests from two attacker addresses, then the owner asks from the network they signed in from: the mail is sent', async () => {
    const { player } = await signedInPlayer(server.app);
    expect((await loginAs(player.email, player.password, OWNER_HOME)).statusCode).toBe(200);
    const before = await mailsTo(player.email);
    for (const attacker of ['198.18.1.1', '198.18.2.2'])
      for (let i = 0; i < 5; i += 1) await postForm(API_PATHS.forgotPassword, { email: player.email }, attacker);
    // The attackers spent the account's mails for strangers: one more from elsewhere sends nothing.
    expect((await mailsTo(player.email)) - before).toBe(ACCOUNT_LIMITS.codeMails.max);
    await postForm(API_PATHS.forgotPassword, { email: player.email }, newAddress());
    expect((await mailsTo(player.email)) - before).toBe(ACCOUNT_LIMITS.codeMails.max);
    // An hour later the owner asks from home.
    server.advance(60 * 60 * 1000);
    const answer = await postForm(API_PATHS.forgotPassword, { email: player.email }, OWNER_HOME);
    expect(answer.statusCode).toBe(200);
    expect((await mailsTo(player.email)) - before).toBe(ACCOUNT_LIMITS.codeMails.max + 1);
    const code = (await latestMail(server.app, player.email)).code ?? '';
    const reset = await postForm(
      API_PATHS.resetPassword,
      { email: player.email, reset_code: code, new_password: 'N3w-passw0rd!' },
      OWNER_HOME,
    );
    expect(reset.statusCode).toBe(200);
  });

  it(`one network alone spends at most ${ACCOUNT_LIMITS.codeMailsPerNetwork.max} of an account's mails a day`, async () => {
    // The per-address request limit (5 per 15 minutes) runs on Redis's clock there: memory only.
    if (server.context.config.redisUrl) return;
    const { player } = await signedInPlayer(server.app);
    const before = await mailsTo(player.email);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 5; i += 1) await postForm(API_PATHS.forgotPassword, { email: player.email }, ATTACKER);
      server.advance(16 * 60 * 1000);
    }
    expect((await mailsTo(player.email)) - before).toBe(ACCOUNT_LIMITS.codeMailsPerNetwork.max);
    // A second network still gets mails through.
    await postForm(API_PATHS.forgotPassword, { email: player.email }, newAddress());
    expect((await mailsTo(player.email)) - before).toBe(ACCOUNT_LIMITS.codeMailsPerNetwork.max + 1);
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s -> %s', (ip, network) => expect(clientNetwork(ip)).toBe(network));
});

describe('clientSite', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:0db8:0001:ffff::99', '2001:db8:1::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
  ])('%s -> %s', (ip, site) => expect(clientSite(ip)).toBe(site));
});
