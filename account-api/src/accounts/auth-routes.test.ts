import {
  API_PATHS,
  EMAIL_NOT_VERIFIED,
  type ApiErrorBody,
  type LoginResponse,
  type UserRecord,
} from '@portal/shared-contracts/account';
import {
  bearer,
  detailOf,
  form,
  json,
  latestMail,
  login,
  newPlayer,
  refresh,
  register,
  setupTestServer,
  signedInPlayer,
  startTestServer,
  STRONG_PASSWORD,
} from '../testing/test-server';
import { codeRefused, MESSAGES, RESET_CODE_TTL_MS, VERIFICATION_TTL_MS } from './auth-routes';
import { PASSWORD_HASHING_BUDGET } from '../http/rate-limits';
import { MAX_CODE_ATTEMPTS } from './one-time-codes';

const server = setupTestServer();

const post = (url: string, fields: Record<string, string>) => server.app.inject({ method: 'POST', url, ...form(fields) });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /register/', () => {
  it('creates the account, answers 201 and mails a 6-digit code and an activation link', async () => {
    const player = newPlayer();
    const response = await register(server.app, player);
    expect(response.statusCode).toBe(201);
    expect(json<{ message: string }>(response).message).toBe(MESSAGES.registered);
    const mail = await latestMail(server.app, player.email);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    expect(mail.text).toMatch(/activation_token=[\w-]{43}/);
  });

  it('lists every bad field as {loc, msg, type} with status 422', async () => {
    const response = await post(API_PATHS.register, { username: 'a', email: 'not-an-email', firstName: '', password: 'weak' });
    expect(response.statusCode).toBe(422);
    const body = json<ApiErrorBody>(response);
    expect(Array.isArray(body.detail)).toBe(true);
    const fields = (body.detail as { loc: string[] }[]).map((item) => item.loc.join('.'));
    expect(fields).toEqual(['body.username', 'body.email', 'body.firstName', 'body.lastName', 'body.password']);
    expect(detailOf(response.body)).toContain('Please enter a valid email address.');
  });

  it('refuses a taken email or username (any letter case) with 409', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const sameEmail = await register(server.app, { ...newPlayer(), email: player.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(detailOf(sameEmail.body)).toBe(MESSAGES.emailTaken);
    const sameName = await register(server.app, { ...newPlayer(), username: player.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(detailOf(sameName.body)).toBe(MESSAGES.usernameTaken);
  });

  it('accepts JSON as well as form bodies', async () => {
    const response = await server.app.inject({ method: 'POST', url: API_PATHS.register, payload: newPlayer() });
    expect(response.statusCode).toBe(201);
  });
});

describe('POST /login/', () => {
  it('blocks an unverified account with a detail containing the "Email not verified" marker, only after the right password', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const blocked = await login(server.app, player.email, player.password);
    expect(blocked.statusCode).toBe(403);
    expect(detailOf(blocked.body)).toContain(EMAIL_NOT_VERIFIED);
    const wrong = await login(server.app, player.email, 'Wrong-passw0rd');
    expect(detailOf(wrong.body)).not.toContain(EMAIL_NOT_VERIFIED);
  });

  it('signs in by email or by username, in any letter case', async () => {
    const { player } = await signedInPlayer(server.app);
    for (const identifier of [player.email, player.username.toUpperCase()]) {
      const response = await login(server.app, identifier, player.password);
      expect(response.statusCode).toBe(200);
      const tokens = json<LoginResponse>(response);
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.access_token.split('.')).toHaveLength(3);
      expect(tokens.refresh_token).not.toBe(tokens.access_token);
    }
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { player } = await signedInPlayer(server.app);
    const wrong = await login(server.app, player.email, 'Wrong-passw0rd');
    const unknown = await login(server.app, 'nobody@example.com', 'Wrong-passw0rd');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([400, 400]);
    expect(detailOf(wrong.body)).toBe(MESSAGES.badCredentials);
    expect(unknown.body).toBe(wrong.body);
  });

  it('requires both fields', async () => {
    const response = await server.app.inject({ method: 'POST', url: API_PATHS.login, payload: { username: ' ' } });
    expect(response.statusCode).toBe(422);
    expect(detailOf(response.body)).toBe('username is required, password is required');
  });

  it('rate-limits repeated attempts on one account from one address with a 429 detail', async () => {
    const target = 'someone@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(server.app, target, `Guess-${i}!aA`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const limited = await login(server.app, target, 'Another-1!');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(detailOf(limited.body)).toMatch(/^Too many attempts\. Try again in /);
    // Another account from the same address is not affected.
    expect((await login(server.app, 'other@example.com', 'Guess-1!aA')).statusCode).toBe(400);
  });
});

describe('password hashing budget', () => {
  it('caps scrypt work per address across many usernames, sharing one budget between routes', async () => {
    const fresh = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < PASSWORD_HASHING_BUDGET.max; i += 1)
        statuses.push((await login(fresh.app, `spray${i}@example.com`, 'Guess-1!aA')).statusCode);
      expect(new Set(statuses)).toEqual(new Set([400]));
      const signup = await register(fresh.app, newPlayer());
      expect(signup.statusCode).toBe(429);
      expect(signup.headers['retry-after']).toBeDefined();
      expect(detailOf(signup.body)).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /verify-email/', () => {
  it('verifies with the mailed code once; the code is single-use', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const { code } = await latestMail(server.app, player.email);
    const ok = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: code ?? '' });
    expect(ok.statusCode).toBe(200);
    expect(json<{ message: string }>(ok).message).toBe(MESSAGES.emailVerified);
    expect((await login(server.app, player.email, player.password)).statusCode).toBe(200);
    const again = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: code ?? '' });
    expect(again.statusCode).toBe(400);
    expect(detailOf(again.body)).toBe(codeRefused('verification'));
  });

  it('answers an already verified address exactly like an unknown one (no enumeration)', async () => {
    const { player } = await signedInPlayer(server.app);
    const verified = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: '123456' });
    const unknown = await post(API_PATHS.verifyEmail, { email: `nobody-${player.email}`, verification_code: '123456' });
    expect({ status: verified.statusCode, body: verified.body }).toEqual({ status: unknown.statusCode, body: unknown.body });
    expect(unknown.statusCode).toBe(400);
    expect(detailOf(unknown.body)).toBe(codeRefused('verification'));
  });

  it(`locks the code after ${MAX_CODE_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const player = newPlayer();
    await register(server.app, player);
    const { code } = await latestMail(server.app, player.email);
    const answers: string[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      answers.push(
        detailOf((await post(API_PATHS.verifyEmail, { email: player.email, verification_code: wrongCode(code ?? '') })).body),
      );
    expect(answers).toEqual(Array(MAX_CODE_ATTEMPTS).fill(codeRefused('verification')));
    const right = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: code ?? '' });
    expect(right.statusCode).toBe(400);
    expect(detailOf(right.body)).toBe(codeRefused('verification'));
  });

  it('counts parallel guesses too: no more than the limit get through', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const { code } = await latestMail(server.app, player.email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(API_PATHS.verifyEmail, { email: player.email, verification_code: wrongCode(code ?? '') }),
      ),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const right = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: code ?? '' });
    expect(right.statusCode).toBe(400);
    expect(detailOf(right.body)).toBe(codeRefused('verification'));
  });

  it('refuses an expired code', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const { code } = await latestMail(server.app, player.email);
    server.advance(VERIFICATION_TTL_MS + 1000);
    const response = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: code ?? '' });
    expect(detailOf(response.body)).toBe(codeRefused('verification'));
  });

  it('answers an unknown address like a wrong code', async () => {
    const response = await post(API_PATHS.verifyEmail, { email: 'ghost@example.com', verification_code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(detailOf(response.body)).toBe(codeRefused('verification'));
  });

  it('requires the code', async () => {
    const response = await post(API_PATHS.verifyEmail, { email: 'x@example.com', verification_code: '' });
    expect(response.statusCode).toBe(422);
    expect(detailOf(response.body)).toBe('verification_code is required');
  });
});

describe('POST /resend-verification-email/', () => {
  it('sends a new code that replaces the old one', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const first = await latestMail(server.app, player.email);
    const response = await post(API_PATHS.resendVerification, { email: player.email });
    expect(json<{ message: string }>(response).message).toBe(MESSAGES.verificationResent);
    const second = await latestMail(server.app, player.email);
    expect(second).not.toEqual(first);
    if (first.code !== second.code) {
      const old = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: first.code ?? '' });
      expect(old.statusCode).toBe(400);
    }
    const fresh = await post(API_PATHS.verifyEmail, { email: player.email, verification_code: second.code ?? '' });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same for unknown and already verified addresses, and sends nothing', async () => {
    const { player } = await signedInPlayer(server.app);
    const before = (await server.context.mailOutbox.list(player.email)).length;
    const known = await post(API_PATHS.resendVerification, { email: player.email });
    const unknown = await post(API_PATHS.resendVerification, { email: 'nobody-here@example.com' });
    expect(known.body).toBe(unknown.body);
    expect(await server.context.mailOutbox.list(player.email)).toHaveLength(before);
    expect(await server.context.mailOutbox.list('nobody-here@example.com')).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('forgot-password answers the same whether or not the account exists', async () => {
    const { player } = await signedInPlayer(server.app);
    const known = await post(API_PATHS.forgotPassword, { email: player.email });
    const unknown = await post(API_PATHS.forgotPassword, { email: 'no-account@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(json<{ message: string }>(known).message).toBe(MESSAGES.resetCodeSent);
    expect(await server.context.mailOutbox.list('no-account@example.com')).toHaveLength(0);
  });

  it('resets with the mailed code, retires old sessions, and the code is single-use', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    await post(API_PATHS.forgotPassword, { email: player.email });
    const mail = await latestMail(server.app, player.email);
    expect(mail.subject).toBe('Your password reset code');
    const newPassword = 'Brand-N3w-pass!';
    const reset = await post(API_PATHS.resetPassword, {
      email: player.email,
      reset_code: mail.code ?? '',
      new_password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(json<{ message: string }>(reset).message).toBe('Password reset successful.');

    expect((await login(server.app, player.email, STRONG_PASSWORD)).statusCode).toBe(400);
    expect((await login(server.app, player.email, newPassword)).statusCode).toBe(200);
    const old = await server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(tokens.access_token) });
    expect(old.statusCode).toBe(401);
    const replay = await post(API_PATHS.resetPassword, {
      email: player.email,
      reset_code: mail.code ?? '',
      new_password: 'An0ther-pass!',
    });
    expect(replay.statusCode).toBe(400);
  });

  it('checks the new password before spending an attempt on the code', async () => {
    const response = await post(API_PATHS.resetPassword, { email: 'a@example.com', reset_code: '123456', new_password: 'short' });
    expect(response.statusCode).toBe(422);
    expect(detailOf(response.body)).toMatch(/^Password must be at least 8 characters/);
  });

  it('refuses a wrong or expired reset code', async () => {
    const { player } = await signedInPlayer(server.app);
    await post(API_PATHS.forgotPassword, { email: player.email });
    const { code } = await latestMail(server.app, player.email);
    const wrong = await post(API_PATHS.resetPassword, {
      email: player.email,
      reset_code: wrongCode(code ?? ''),
      new_password: 'Brand-N3w-pass!',
    });
    expect(detailOf(wrong.body)).toBe(codeRefused('reset'));
    server.advance(RESET_CODE_TTL_MS + 1000);
    const late = await post(API_PATHS.resetPassword, {
      email: player.email,
      reset_code: code ?? '',
      new_password: 'Brand-N3w-pass!',
    });
    expect(detailOf(late.body)).toBe(codeRefused('reset'));
  });
});

describe('POST /api/activate-user', () => {
  it('activates the account from the mailed link token, once', async () => {
    const player = newPlayer();
    await register(server.app, player);
    const { text } = await latestMail(server.app, player.email);
    const token = /activation_token=([\w-]+)/.exec(text)?.[1] ?? '';
    const url = `${API_PATHS.activateUser}?token=${token}`;
    const response = await server.app.inject({ method: 'POST', url });
    expect(response.statusCode).toBe(200);
    expect(json<{ message: string }>(response).message).toBe('User activated successfully!');
    expect((await login(server.app, player.email, player.password)).statusCode).toBe(200);
    const again = await server.app.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(400);
    expect(detailOf(again.body)).toBe(MESSAGES.badActivationLink);
  });
});

describe('POST /api/refresh-token', () => {
  it('trades a refresh token (not an access token) for a new pair', async () => {
    const { tokens } = await signedInPlayer(server.app);
    const refreshed = await refresh(server.app, tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const pair = json<LoginResponse>(refreshed);
    const me = await server.app.inject({ method: 'POST', url: API_PATHS.userInfo, headers: bearer(pair.access_token) });
    expect(json<UserRecord>(me).email_verified).toBe(true);
    const wrongKind = await refresh(server.app, tokens.access_token);
    expect(wrongKind.statusCode).toBe(401);
    const refreshAsAccess = await server.app.inject({
      method: 'POST',
      url: API_PATHS.userInfo,
      headers: bearer(tokens.refresh_token),
    });
    expect(refreshAsAccess.statusCode).toBe(401);
  });
});

describe('captcha', () => {
  it('is checked on sign-up and sign-in when the server has a verifier', async () => {
    const guarded = await startTestServer({}, { captcha: (token) => Promise.resolve(token === 'human') });
    try {
      const player = newPlayer();
      const without = await guarded.app.inject({ method: 'POST', url: API_PATHS.register, ...form(player) });
      expect(without.statusCode).toBe(400);
      expect(detailOf(without.body)).toBe(MESSAGES.captchaFailed);
      const withToken = await guarded.app.inject({
        method: 'POST',
        url: API_PATHS.register,
        ...form({ ...player, captcha_token: 'human' }),
      });
      expect(withToken.statusCode).toBe(201);
      const signIn = await guarded.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: player.email, password: player.password, captcha_token: 'bot' },
      });
      expect(detailOf(signIn.body)).toBe(MESSAGES.captchaFailed);
      const check = await guarded.app.inject({ method: 'POST', url: `${API_PATHS.verifyCaptcha}?token=human` });
      expect(json<{ success: boolean }>(check).success).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});
