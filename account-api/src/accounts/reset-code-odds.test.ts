import { API_PATHS, type OutboxMessage } from '@portal/shared-contracts/account';
import { ACCOUNT_LIMITS } from '../http/rate-limits';
import { form, json, latestMail, setupTestServer, signedInPlayer } from '../testing/test-server';
import { RESET_CODE_DIGITS } from './auth-routes';
import { MAX_CODE_ATTEMPTS } from './one-time-codes';

const server = setupTestServer({ trustProxy: 1 });

let address = 0;
const postFrom = (url: string, fields: Record<string, string>) => {
  address += 1;
  const body = form(fields);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, 'x-forwarded-for': `192.0.2.${address}` },
    payload: body.payload,
  });
};
const mailsTo = async (email: string) =>
  json<OutboxMessage[]>(
    await server.app.inject({ method: 'GET', url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(email)}` }),
  );

describe('reset codes cannot be guessed in a lifetime', () => {
  it('the odds of guessing one account’s reset code within a year stay below 1 in 1,000,000', () => {
    // Strangers' mails and the owner's own allowance together (decision 0066).
    const mailsPerDay = ACCOUNT_LIMITS.codeMails.max + ACCOUNT_LIMITS.codeMailsOwner.max;
    const guessesPerYear = 365 * (mailsPerDay * MAX_CODE_ATTEMPTS);
    expect(ACCOUNT_LIMITS.codeMails.windowMs).toBe(24 * 60 * 60 * 1000);
    expect(ACCOUNT_LIMITS.codeMailsOwner.windowMs).toBe(24 * 60 * 60 * 1000);
    expect(guessesPerYear / 10 ** RESET_CODE_DIGITS).toBeLessThan(1e-6);
  });

  it(`mails a ${RESET_CODE_DIGITS}-digit code, shown in groups of four, that works typed with or without the spaces`, async () => {
    const { player } = await signedInPlayer(server.app);
    await postFrom(API_PATHS.forgotPassword, { email: player.email });
    const mail = await latestMail(server.app, player.email);
    expect(mail.code).toMatch(new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`));
    const grouped = (mail.code ?? '').replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(mail.text).toContain(grouped);
    const reset = await postFrom(API_PATHS.resetPassword, {
      email: player.email,
      reset_code: grouped,
      new_password: 'N3w-passw0rd!',
    });
    expect(reset.statusCode).toBe(200);
  });

  it(`sends at most ${ACCOUNT_LIMITS.codeMails.max} reset mails per account per day, from any mix of addresses, with the same answer`, async () => {
    const { player } = await signedInPlayer(server.app);
    const before = (await mailsTo(player.email)).length;
    const answers = new Set<string>();
    for (let i = 0; i < ACCOUNT_LIMITS.codeMails.max + 3; i += 1) {
      const response = await postFrom(API_PATHS.forgotPassword, { email: i % 2 ? player.email.toUpperCase() : player.email });
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect(answers.size).toBe(1);
    expect((await mailsTo(player.email)).length - before).toBe(ACCOUNT_LIMITS.codeMails.max);
    if (!server.context.config.redisUrl) {
      server.advance(ACCOUNT_LIMITS.codeMails.windowMs + 1000);
      await postFrom(API_PATHS.forgotPassword, { email: player.email });
      expect((await mailsTo(player.email)).length - before).toBe(ACCOUNT_LIMITS.codeMails.max + 1);
    }
  });
});
