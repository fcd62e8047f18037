import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { API_PATHS } from 'shared-contracts/account';
import { form, json, newPlayer, setupTestServer, signedInPlayer, changePassword } from '../testing/test-server';
import { isStorageUnavailable, STORAGE_UNAVAILABLE } from './errors';

// SQLite only: max_page_count caps the file at its current size, as a full disk does.
const server = setupTestServer({ databaseUrl: null });
const pages = async () =>
  (await sql<{ page_count: number }>`pragma page_count`.execute(server.context.database.db)).rows[0]?.page_count ?? 0;
const capAt = (count: number) => sql.raw(`pragma max_page_count = ${count}`).execute(server.context.database.db);
const expected = { status: 503, body: { detail: STORAGE_UNAVAILABLE } };
const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: json<unknown>(response),
});

describe('a full disk answers 503 on every route, inside transactions too', () => {
  afterEach(() => capAt(1_073_741_823));

  it('sign-up, forgot-password and password change (transactions) answer 503, not 500', async () => {
    const { player, tokens } = await signedInPlayer(server.app);
    // Fill the free pages of the file, then cap it there.
    await capAt(await pages());
    // Fill every free byte: big rows first, then ever smaller ones, until none fits.
    for (const size of [3000, 1000, 300, 100, 30, 10, 1]) {
      const filler = 'x'.repeat(size);
      for (let i = 0; i < 2000; i += 1) {
        try {
          await sql`insert into mail_outbox (kind, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, created_at) values ('verification', 'filler', ${filler}, ${filler}, ${filler}, 'sent', 0, '', '')`.execute(
            server.context.database.db,
          );
        } catch {
          break;
        }
      }
    }
    const many = Array.from({ length: 3 }, () => newPlayer('full'));
    for (const candidate of many) {
      expect(answer(await server.app.inject({ method: 'POST', url: API_PATHS.register, ...form(candidate) }))).toEqual(expected);
    }
    expect(
      answer(await server.app.inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email: player.email }) })),
    ).toEqual(expected);
    expect(answer(await changePassword(server.app, tokens.access_token, player.password, 'An0ther-passw0rd!'))).toEqual(expected);
  });

  it("PostgreSQL's disk-full error (53100) and SQLite's SQLITE_FULL count as storage failures", () => {
    expect(isStorageUnavailable({ code: '53100', message: 'could not extend file: No space left on device' })).toBe(true);
    expect(isStorageUnavailable({ code: 'SQLITE_FULL', message: 'database or disk is full' })).toBe(true);
    expect(isStorageUnavailable({ code: 'ENOSPC', message: 'no space left on device' })).toBe(true);
  });
});
