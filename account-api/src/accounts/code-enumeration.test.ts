import { API_PATHS } from '@portal/shared-contracts/account';
import { ACCOUNT_LIMITS } from '../http/rate-limits';
import { form, latestMail, newPlayer, register, setupTestServer, signedInPlayer } from '../testing/test-server';
import { RESET_CODE_TTL_MS, VERIFICATION_TTL_MS } from './auth-routes';
import { MAX_CODE_ATTEMPTS } from './one-time-codes';

// Behind one proxy, so each run below comes from an address of its own.
const server = setupTestServer({ trustProxy: 1 });

let address = 0;
const newAddress = () => {
  address += 1;
  return `198.51.100.${address}`;
};
const postFrom = (from: string, url: string, fields: Record<string, string>) => {
  const body = form(fields);
  return server.app.inject({ method: 'POST', url, headers: { ...body.headers, 'x-forwarded-for': from }, payload: body.payload });
};

/** Status and body of `tries` wrong code entries for an address, each from the same client. */
async function answers(url: string, fields: (email: string) => Record<string, string>, email: string, tries: number) {
  const from = newAddress();
  const seen: { status: number; body: string }[] = [];
  for (let i = 0; i < tries; i += 1) {
    const response = await postFrom(from, url, fields(email));
    seen.push({ status: response.statusCode, body: response.body.replace(/Try again in \d+ \w+/, 'Try again in …') });
  }
  return seen;
}

const verifyWith = (code: string) => (email: string) => ({ email, verification_code: code });
const resetWith = (code: string) => (email: string) => ({ email, reset_code: code, new_password: 'N3w-passw0rd!' });
// One past the account limit: the 429 must start at the same try for both.
const TRIES = ACCOUNT_LIMITS.codeEntry.max + 1;

describe('code checks answer an unknown address exactly like a real account', () => {
  it('verify-email: an expired code of a real account reads like an unknown address, try by try', async () => {
    const player = newPlayer();
    await register(server.app, player);
    server.advance(VERIFICATION_TTL_MS + 1000);
    const real = await answers(API_PATHS.verifyEmail, verifyWith('123456'), player.email, TRIES);
    const unknown = await answers(API_PATHS.verifyEmail, verifyWith('123456'), `nobody-${player.email}`, TRIES);
    expect(real).toEqual(unknown);
    expect(real[0]?.status).toBe(400);
    expect(real.at(-1)?.status).toBe(429);
  });

  it(`verify-email: ${MAX_CODE_ATTEMPTS} wrong codes lock a real code, and the answers still match an unknown address`, async () => {
    const player = newPlayer();
    await register(server.app, player);
    const real = await answers(API_PATHS.verifyEmail, verifyWith('000000'), player.email, TRIES);
    const unknown = await answers(API_PATHS.verifyEmail, verifyWith('000000'), `nobody-${player.email}`, TRIES);
    expect(real).toEqual(unknown);
  });

  it('reset-password: wrong, locked and expired codes of a real account read like an unknown address', async () => {
    const { player } = await signedInPlayer(server.app);
    await postFrom(newAddress(), API_PATHS.forgotPassword, { email: player.email });
    const live = await answers(API_PATHS.resetPassword, resetWith('000000'), player.email, TRIES);
    const unknown = await answers(API_PATHS.resetPassword, resetWith('000000'), `nobody-${player.email}`, TRIES);
    expect(live).toEqual(unknown);
    await postFrom(newAddress(), API_PATHS.forgotPassword, { email: player.email });
    server.advance(RESET_CODE_TTL_MS + 1000);
    const expired = await answers(API_PATHS.resetPassword, resetWith('000000'), player.email, TRIES);
    expect(expired).toEqual(unknown);
  });
});

describe('expired codes are purged', () => {
  it('the purge job deletes codes and link tokens past their expiry, and keeps live ones', async () => {
    const stale = newPlayer();
    await register(server.app, stale);
    server.advance(VERIFICATION_TTL_MS + 1000);
    const fresh = newPlayer();
    await register(server.app, fresh);
    const codesOf = async (email: string) =>
      server.context.database.db
        .selectFrom('one_time_codes')
        .innerJoin('users', 'users.id', 'one_time_codes.user_id')
        .select('one_time_codes.purpose')
        .where('users.email', '=', email)
        .execute();
    expect(await codesOf(stale.email)).toHaveLength(2);
    const purged = await server.purgeJob.runOnce();
    expect(purged.expired_codes).toBeGreaterThanOrEqual(2);
    expect(await codesOf(stale.email)).toEqual([]);
    expect(await codesOf(fresh.email)).toHaveLength(2);
    // The fresh code still verifies.
    const { code } = await latestMail(server.app, fresh.email);
    const verified = await postFrom(newAddress(), API_PATHS.verifyEmail, { email: fresh.email, verification_code: code ?? '' });
    expect(verified.statusCode).toBe(200);
  });
});
