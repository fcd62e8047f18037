import { API_PATHS, VALIDATION_MESSAGES, type ApiErrorBody } from '@portal/shared-contracts/account';
import { form, json, newPlayer, register, setupTestServer } from '../testing/test-server';

const server = setupTestServer();

const ADDRESS_SYNTAX = [
  'x1<victim@corp.com>',
  'Victim <victim@corp.com>',
  '"x"@corp.com',
  'x(y)@corp.com',
  'a@corp.com,b@corp.com',
];

describe('email fields take plain addresses only', () => {
  it.each(ADDRESS_SYNTAX)('sign-up refuses %s with 422 on the email field, and nothing is queued', async (email) => {
    const response = await register(server.app, { ...newPlayer(), email });
    expect(response.statusCode).toBe(422);
    expect(json<ApiErrorBody>(response).detail).toEqual([
      { loc: ['body', 'email'], msg: VALIDATION_MESSAGES.invalidEmail, type: 'value_error' },
    ]);
    const queued = await server.context.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', 'like', '%victim%')
      .execute();
    expect(queued).toEqual([]);
  });

  it.each([API_PATHS.forgotPassword, API_PATHS.resendVerification])('%s refuses address syntax with 422', async (url) => {
    const response = await server.app.inject({ method: 'POST', url, ...form({ email: 'x1<victim@corp.com>' }) });
    expect(response.statusCode).toBe(422);
  });
});
