import MockAdapter from 'axios-mock-adapter';
import type { UserRecord } from '@portal/shared-contracts/account';
import { createAccountApi } from '../api/account-api';
import { createApiClient } from '../api/api-client';
import { createTokenStore } from '../api/token-store';
import type { AccountServices, Notifier } from '../store/services';

export const TEST_API_URL = 'http://api.test';
export const TEST_CONFIG = { accountApiUrl: TEST_API_URL, recaptchaSiteKey: 'test-site-key' };

/** A JWT-shaped token (unsigned: the client never verifies) expiring at `expSeconds`. */
export function fakeJwt(expSeconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: expSeconds, ...claims })}.signature`;
}
export const validToken = () => fakeJwt(Math.floor(Date.now() / 1000) + 3600);
export const expiredToken = () => fakeJwt(Math.floor(Date.now() / 1000) - 60);

export function recordingNotifier(): Notifier & { [K in keyof Notifier]: jest.Mock } {
  return { success: jest.fn(), error: jest.fn(), info: jest.fn() };
}

/** Real client + API over a mocked adapter, with every other service recorded. */
export function fakeServices(overrides: Partial<AccountServices> = {}) {
  const onSessionRejected = jest.fn();
  const tokens = createTokenStore(window.localStorage);
  const client = createApiClient({
    baseURL: TEST_API_URL,
    readToken: tokens.readAccess,
    onSessionRejected,
  });
  const http = new MockAdapter(client);
  const services: AccountServices & {
    notify: ReturnType<typeof recordingNotifier>;
    navigate: jest.Mock;
    announceSession: jest.Mock;
    librarySync: { signedIn: jest.Mock };
  } = {
    api: createAccountApi(client),
    notify: recordingNotifier(),
    navigate: jest.fn(),
    tokens,
    sessionStorage: window.sessionStorage,
    announceSession: jest.fn(),
    librarySync: { signedIn: jest.fn() },
    storageEvents: null,
    now: () => Date.now(),
    ...(overrides as object),
  };
  return { services, http, onSessionRejected };
}

export const sampleUser = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  email_verified: true,
  created_at: '2026-01-02T03:04:05.000Z',
  first_name: 'Ada',
  last_name: 'Lovelace',
  picture_url: null,
  dob: null,
  gender: null,
  phone: null,
  country: null,
  state: null,
  city: null,
  postal_code: null,
  street_address_1: null,
  street_address_2: null,
  ...overrides,
});

/** product §8 error bodies. */
export const stringDetail = (detail: string) => ({ detail });
export const listDetail = (...msgs: string[]) => ({
  detail: msgs.map((msg, i) => ({ loc: ['body', `field${i}`], msg, type: 'value_error' })),
});
