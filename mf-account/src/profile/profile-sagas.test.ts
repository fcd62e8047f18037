import { expectSaga } from 'redux-saga-test-plan';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { ERROR_FALLBACKS, SUCCESS_TOASTS, type UserRecord } from '@portal/shared-contracts/account';
import { balance, savePicture, saveProfile, updatePassword, upload, userInfo } from './profile-actions';
import { logoutRequested } from '../session/session-actions';
import { errorCases } from '../testing/error-cases';
import { fakeServices, sampleUser } from '../testing/fakes';
import { sagaOnPost } from '../testing/saga-on-post';
import { balanceSaga, savePictureSaga, saveProfileSaga, updatePasswordSaga, uploadSaga, userInfoSaga } from './profile-sagas';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'token');
});

const file = () => new File(['png-bytes'], 'me.png', { type: 'image/png' });

/** A save went through: fulfilled, then the user is fetched again, and only then the toast. */
const expectSavedThenRefetched = (
  { saga, services }: ReturnType<typeof sagaOnPost>,
  fulfilled: ReturnType<typeof savePicture.fulfilled>, // the same plain action type as saveProfile.fulfilled()
  refetched: UserRecord,
) =>
  saga
    .put(fulfilled)
    .put(userInfo.pending())
    .dispatch(userInfo.fulfilled(refetched))
    .call(services.notify.success, SUCCESS_TOASTS.profileUpdated)
    .run();

/** A 401 is reported once, through the interceptor; the saga starts no logout of its own. */
async function expectOnlyTheInterceptorReports401(
  saga: Parameters<typeof sagaOnPost>[0],
  pending: Parameters<typeof sagaOnPost>[1],
  url: string,
) {
  const { onSessionRejected, saga: run } = sagaOnPost(saga, pending, url, (h) => h.reply(401, {}));
  await run.not.put(logoutRequested()).run();
  expect(onSessionRejected).toHaveBeenCalledWith(401);
}

describe('userInfoSaga', () => {
  it('success: the user', async () => {
    const { http, saga } = sagaOnPost(userInfoSaga, userInfo.pending(), '/get-user-info/', (h) => h.reply(200, sampleUser()));
    await saga.put(userInfo.fulfilled(sampleUser())).run();
    expect(http.history.post[0]?.headers?.Authorization).toBe('Bearer token');
  });

  it.each(errorCases(ERROR_FALLBACKS.userInfo))('$name → rejected with "$message", no logout', async ({ reply, message }) => {
    const { saga } = sagaOnPost(userInfoSaga, userInfo.pending(), '/get-user-info/', reply);
    await saga.put(userInfo.rejected(message)).not.put(logoutRequested()).run();
  });

  it('401: the interceptor reports the rejected session (the one 401 path); no separate logout', async () => {
    const { onSessionRejected, saga } = sagaOnPost(userInfoSaga, userInfo.pending(), '/get-user-info/', (h) =>
      h.reply(401, { detail: 'Could not validate credentials' }),
    );
    await saga.put(userInfo.rejected('Could not validate credentials')).not.put(logoutRequested()).run();
    expect(onSessionRejected).toHaveBeenCalledWith(401);
  });

  it('403: the interceptor ends the session; no separate logout', async () => {
    const { onSessionRejected, saga } = sagaOnPost(userInfoSaga, userInfo.pending(), '/get-user-info/', (h) =>
      h.reply(403, { detail: 'Forbidden' }),
    );
    await saga.not.put(logoutRequested()).run();
    expect(onSessionRejected).toHaveBeenCalledWith(403);
  });
});

describe('uploadSaga (picture chain, step 1)', () => {
  it('success: hands the returned name to save_picture', async () => {
    const { saga } = sagaOnPost(uploadSaga, upload.pending(file()), '/api/upload', (h) => h.reply(200, { name: 'abc.png' }));
    await saga
      .put(upload.fulfilled({ name: 'abc.png' }))
      .put(savePicture.pending({ picture_url: 'abc.png' }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.upload))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(uploadSaga, upload.pending(file()), '/api/upload', reply);
    await saga
      .put(upload.rejected(message))
      .call(services.notify.error, message)
      .not.put.actionType(savePicture.pending.type)
      .not.put(logoutRequested())
      .run();
  });

  it('401: reported once, through the interceptor; no second logout path', async () => {
    const { onSessionRejected, saga } = sagaOnPost(uploadSaga, upload.pending(file()), '/api/upload', (h) => h.reply(401, {}));
    await saga.put(upload.rejected(ERROR_FALLBACKS.upload)).not.put(logoutRequested()).run();
    expect(onSessionRejected).toHaveBeenCalledWith(401);
  });
});

describe('savePictureSaga (picture chain, step 2)', () => {
  it('success: refetches the user, then toasts', async () => {
    const run = sagaOnPost(savePictureSaga, savePicture.pending({ picture_url: 'abc.png' }), '/api/save_picture', (h) =>
      h.reply(200, sampleUser({ picture_url: 'abc.png' })),
    );
    await expectSavedThenRefetched(run, savePicture.fulfilled(), sampleUser({ picture_url: 'abc.png' }));
    expect(run.http.history.post[0]?.params).toEqual({ picture_url: 'abc.png' });
  });

  it.each(errorCases(ERROR_FALLBACKS.savePicture))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(
      savePictureSaga,
      savePicture.pending({ picture_url: 'abc.png' }),
      '/api/save_picture',
      reply,
    );
    await saga.put(savePicture.rejected(message)).call(services.notify.error, message).not.put(userInfo.pending()).run();
  });

  it('401: reported once, through the interceptor; no second logout path', async () => {
    await expectOnlyTheInterceptorReports401(savePictureSaga, savePicture.pending({ picture_url: 'x' }), '/api/save_picture');
  });
});

describe('saveProfileSaga', () => {
  it('success: succeeded, refetches the user, toasts', async () => {
    const run = sagaOnPost(saveProfileSaga, saveProfile.pending({ city: 'Paris' }), '/api/save_profile', (h) =>
      h.reply(200, sampleUser({ city: 'Paris' })),
    );
    await expectSavedThenRefetched(run, saveProfile.fulfilled(), sampleUser({ city: 'Paris' }));
    expect(run.http.history.post[0]?.params).toBeUndefined();
    expect(JSON.parse(String(run.http.history.post[0]?.data))).toEqual({ city: 'Paris' });
  });

  it.each(errorCases(ERROR_FALLBACKS.saveProfile))('$name → failed with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(saveProfileSaga, saveProfile.pending({ city: 'Paris' }), '/api/save_profile', reply);
    await saga.put(saveProfile.rejected(message)).call(services.notify.error, message).not.put(logoutRequested()).run();
  });

  it('401: reported once, through the interceptor; no second logout path', async () => {
    await expectOnlyTheInterceptorReports401(saveProfileSaga, saveProfile.pending({ city: 'Paris' }), '/api/save_profile');
  });
});

describe('updatePasswordSaga', () => {
  it("success: the server's detail as a toast, fresh tokens stored", async () => {
    const { services, saga } = sagaOnPost(
      updatePasswordSaga,
      updatePassword.pending({ old_password: 'o', new_password: 'n' }),
      '/api/update-password',
      (h) =>
        h.reply(200, {
          detail: 'Password updated successfully',
          access_token: 'new-a',
          refresh_token: 'new-r',
          token_type: 'bearer',
        }),
    );
    await saga
      .put(updatePassword.fulfilled('Password updated successfully'))
      .call(services.notify.success, 'Password updated successfully')
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-r');
  });

  it('success without tokens keeps the stored ones', async () => {
    const { saga } = sagaOnPost(
      updatePasswordSaga,
      updatePassword.pending({ old_password: 'o', new_password: 'n' }),
      '/api/update-password',
      (h) => h.reply(200, { detail: 'Done' }),
    );
    await saga.put(updatePassword.fulfilled('Done')).run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token');
  });

  it.each(errorCases(ERROR_FALLBACKS.unknown))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, saga } = sagaOnPost(
      updatePasswordSaga,
      updatePassword.pending({ old_password: 'o', new_password: 'n' }),
      '/api/update-password',
      reply,
    );
    await saga.put(updatePassword.rejected(message)).call(services.notify.error, message).run();
  });
});

describe('balanceSaga', () => {
  const data = { balance: 120, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' };

  it('success: balanceData', async () => {
    const { services, http } = fakeServices();
    http.onGet('/api/balance').reply(200, data);
    await expectSaga(balanceSaga, services, balance.pending()).put(balance.fulfilled(data)).run();
  });

  it.each(errorCases(ERROR_FALLBACKS.balance))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onGet('/api/balance'));
    await expectSaga(balanceSaga, services, balance.pending()).put(balance.rejected(message)).not.put(logoutRequested()).run();
  });

  it('401: reported once, through the interceptor; no second logout path', async () => {
    const { services, http, onSessionRejected } = fakeServices();
    http.onGet('/api/balance').reply(401, {});
    await expectSaga(balanceSaga, services, balance.pending())
      .put(balance.rejected(ERROR_FALLBACKS.balance))
      .not.put(logoutRequested())
      .run();
    expect(onSessionRejected).toHaveBeenCalledWith(401);
  });
});
