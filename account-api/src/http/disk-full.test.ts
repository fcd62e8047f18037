import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATHS, type UploadResponse } from '@portal/shared-contracts/account';
import { fillDatabase } from '../testing/full-database';
import { setupServerWithOwnDatabase } from '../testing/own-database';
import {
  bearer,
  changePassword,
  form,
  json,
  latestMail,
  login,
  multipartFile,
  newPlayer,
  postAs,
  refresh,
  signedInPlayer,
  TINY_PNG,
} from '../testing/test-server';
import { isStorageUnavailable, STORAGE_UNAVAILABLE } from './errors';

// SQLite: max_page_count caps the file, as a full disk does. PostgreSQL (in a database of this
// file's own): triggers raise disk_full (53100), as PostgreSQL does when it cannot extend a file.
const own = setupServerWithOwnDatabase('disk_full');
const app = () => own.server().app;

const expected = { status: 503, body: { detail: STORAGE_UNAVAILABLE } };
const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: json<unknown>(response),
});
const fill = () =>
  fillDatabase(own.server().context.database, [
    'users',
    'one_time_codes',
    'mail_outbox',
    'sessions',
    'uploads',
    'player_library',
  ]);
const uploadedFiles = () => fs.readdirSync(path.join(own.server().dataDir, 'uploads')).sort();
const upload = (token: string) =>
  app().inject({
    method: 'POST',
    url: API_PATHS.upload,
    ...multipartFile('me.png', TINY_PNG, 'image/png', bearer(token)),
  });

describe('a full disk answers 503 on every route, inside transactions too', () => {
  it('sign-up, forgot-password and password change (transactions) answer 503, not 500', async () => {
    const { player, tokens } = await signedInPlayer(app());
    const undo = await fill();
    try {
      for (const candidate of Array.from({ length: 3 }, () => newPlayer('full'))) {
        expect(
          answer(
            await app().inject({
              method: 'POST',
              url: API_PATHS.register,
              ...form(candidate),
            }),
          ),
        ).toEqual(expected);
      }
      const forgot = await app().inject({
        method: 'POST',
        url: API_PATHS.forgotPassword,
        ...form({ email: player.email }),
      });
      expect(answer(forgot)).toEqual(expected);
      expect(answer(await changePassword(app(), tokens.access_token, player.password, 'An0ther-passw0rd!'))).toEqual(expected);
    } finally {
      await undo();
    }
  });

  it('an upload answers 503 and leaves no file behind; save_picture answers 503 where its write fails', async () => {
    const { tokens } = await signedInPlayer(app());
    const saved = json<UploadResponse>(await upload(tokens.access_token)).name;
    const before = uploadedFiles();
    const undo = await fill();
    try {
      expect(answer(await upload(tokens.access_token))).toEqual(expected);
      expect(uploadedFiles()).toEqual(before);
      const picture = await app().inject({
        method: 'POST',
        url: `${API_PATHS.savePicture}?picture_url=${saved}`,
        headers: bearer(tokens.access_token),
      });
      // SQLite rewrites the user's row in its own page, which has room: the save succeeds there.
      if (own.server().context.database.dialect === 'postgres') expect(answer(picture)).toEqual(expected);
      else expect(picture.statusCode).toBe(200);
    } finally {
      await undo();
    }
  });

  it('every other route that writes answers 503 when its write fails, never 500', async () => {
    const { player, tokens } = await signedInPlayer(app());
    const unverified = newPlayer('full');
    await app().inject({ method: 'POST', url: API_PATHS.register, ...form(unverified) });
    const verification = (await latestMail(app(), unverified.email)).code ?? '';
    await app().inject({ method: 'POST', url: API_PATHS.forgotPassword, ...form({ email: player.email }) });
    const reset = (await latestMail(app(), player.email)).code ?? '';
    const undo = await fill();
    try {
      const calls: [string, () => Promise<LightMyRequestResponse>][] = [
        ['sign-in', () => login(app(), player.email, player.password)],
        ['refresh', () => refresh(app(), tokens.refresh_token)],
        ['save_profile', () => postAs(app(), API_PATHS.saveProfile, tokens.access_token, { city: 'Full' })],
        [
          'library',
          () =>
            app().inject({
              method: 'PUT',
              url: API_PATHS.library,
              headers: bearer(tokens.access_token),
              payload: { favourites: [{ gameId: 5, at: new Date().toISOString() }], recentlyPlayed: [] },
            }),
        ],
        [
          'resend',
          () => app().inject({ method: 'POST', url: API_PATHS.resendVerification, ...form({ email: unverified.email }) }),
        ],
        [
          'verify-email',
          () =>
            app().inject({
              method: 'POST',
              url: API_PATHS.verifyEmail,
              ...form({ email: unverified.email, verification_code: verification }),
            }),
        ],
        [
          'reset-password',
          () =>
            app().inject({
              method: 'POST',
              url: API_PATHS.resetPassword,
              ...form({ email: player.email, reset_code: reset, new_password: 'An0ther-passw0rd!' }),
            }),
        ],
        ['logout', () => postAs(app(), API_PATHS.logout, tokens.access_token, { refresh_token: tokens.refresh_token })],
      ];
      const postgres = own.server().context.database.dialect === 'postgres';
      for (const [route, call] of calls) {
        const response = await call();
        const outcome = response.statusCode < 300 ? 'succeeded' : answer(response);
        // PostgreSQL's triggers refuse every write to those tables. SQLite may still fit a small
        // write into a page with room: then it succeeds; otherwise it must be the 503.
        const allowed = postgres ? [expected] : ['succeeded', expected];
        expect({
          route,
          outcome: allowed.some((one) => JSON.stringify(one) === JSON.stringify(outcome)) ? 'allowed' : outcome,
        }).toEqual({
          route,
          outcome: 'allowed',
        });
      }
    } finally {
      await undo();
    }
  });

  it("PostgreSQL's disk-full error (53100) and SQLite's SQLITE_FULL count as storage failures", () => {
    expect(
      isStorageUnavailable({
        code: '53100',
        message: 'could not extend file: No space left on device',
      }),
    ).toBe(true);
    expect(
      isStorageUnavailable({
        code: 'SQLITE_FULL',
        message: 'database or disk is full',
      }),
    ).toBe(true);
    expect(
      isStorageUnavailable({
        code: 'ENOSPC',
        message: 'no space left on device',
      }),
    ).toBe(true);
  });
});
