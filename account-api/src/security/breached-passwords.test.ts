import { API_PATHS } from '@portal/shared-contracts/account';
import {
  changePassword,
  json,
  newPlayer,
  register,
  resetPasswordByMail,
  setupTestServer,
  signedInPlayer,
} from '../testing/test-server';
import { BREACHED_PASSWORD_MESSAGE, isBreachedPassword, loadBreachedPasswords } from './breached-passwords';

const server = setupTestServer();
const BREACHED = 'P@ssw0rd'; // in the list as "p@ssw0rd"

describe('known-breached passwords are refused', () => {
  it('knows common passwords (without case) and passes uncommon ones', () => {
    expect(loadBreachedPasswords().size).toBeGreaterThan(1000);
    for (const common of ['P@ssw0rd', 'Password1!', 'PASSWORD1!', 'Welcome1!']) expect(isBreachedPassword(common)).toBe(true);
    for (const rare of ['Tr0mbone-Kettle!', 'N3w-passw0rd!', 'Fresh-Passw0rd!']) expect(isBreachedPassword(rare)).toBe(false);
  });

  it('at sign-up: 422 on the password field with the message', async () => {
    const response = await register(server.app, { ...newPlayer(), password: BREACHED });
    expect(response.statusCode).toBe(422);
    expect(json<{ detail: unknown }>(response).detail).toEqual([
      { loc: ['body', 'password'], msg: BREACHED_PASSWORD_MESSAGE, type: 'value_error' },
    ]);
  });

  it('at reset and at password change', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    const reset = await resetPasswordByMail(server.app, player.email, 'Password1!');
    expect(reset.statusCode).toBe(422);
    expect(reset.body).toContain(BREACHED_PASSWORD_MESSAGE);
    const change = await changePassword(server.app, tokens.access_token, player.password, BREACHED);
    expect(change.statusCode).toBe(422);
    expect(change.body).toContain(BREACHED_PASSWORD_MESSAGE);
    // Sign-in with an existing password is not checked: only new passwords are.
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: API_PATHS.login,
          payload: { username: player.email, password: player.password },
        })
      ).statusCode,
    ).toBe(200);
  });
});
