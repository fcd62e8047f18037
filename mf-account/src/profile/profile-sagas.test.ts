import { expectSaga } from 'redux-saga-test-plan';
import { ERROR_FALLBACKS, STORAGE_KEYS, SUCCESS_TOASTS } from 'shared-contracts';
import { balance, logoutRequested, savePicture, saveProfile, updatePassword, upload, userInfo } from '../store/account-actions';
import { errorCases } from '../testing/error-cases';
import { fakeServices, sampleUser } from '../testing/fakes';
import { balanceSaga, savePictureSaga, saveProfileSaga, updatePasswordSaga, uploadSaga, userInfoSaga } from './profile-sagas';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'token');
});

const file = () => new File(['png-bytes'], 'me.png', { type: 'image/png' });

describe('userInfoSaga', () => {
  it('success: the user', async () => {
    const { services, http } = fakeServices();
    http.onPost('/get-user-info/').reply(200, sampleUser());
    await expectSaga(userInfoSaga, services).put(userInfo.fulfilled(sampleUser())).run();
    expect(http.history.post[0]?.headers?.Authorization).toBe('Bearer token');
  });

  it.each(errorCases(ERROR_FALLBACKS.userInfo))('$name → rejected with "$message", no logout', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/get-user-info/'));
    await expectSaga(userInfoSaga, services).put(userInfo.rejected(message)).not.put(logoutRequested()).run();
  });

  it('401: logs out (and the interceptor reports the rejected session)', async () => {
    const { services, http, onSessionRejected } = fakeServices();
    http.onPost('/get-user-info/').reply(401, { detail: 'Could not validate credentials' });
    await expectSaga(userInfoSaga, services)
      .put(userInfo.rejected('Could not validate credentials'))
      .put(logoutRequested())
      .run();
    expect(onSessionRejected).toHaveBeenCalledWith(401);
  });

  it('403: the interceptor ends the session; no separate logout', async () => {
    const { services, http, onSessionRejected } = fakeServices();
    http.onPost('/get-user-info/').reply(403, { detail: 'Forbidden' });
    await expectSaga(userInfoSaga, services).not.put(logoutRequested()).run();
    expect(onSessionRejected).toHaveBeenCalledWith(403);
  });
});

describe('uploadSaga (picture chain, step 1)', () => {
  it('success: hands the returned name to save_picture', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/upload').reply(200, { name: 'abc.png' });
    await expectSaga(uploadSaga, services, upload.pending(file()))
      .put(upload.fulfilled({ name: 'abc.png' }))
      .put(savePicture.pending({ picture_url: 'abc.png' }))
      .run();
  });

  it.each(errorCases(ERROR_FALLBACKS.upload))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/api/upload'));
    await expectSaga(uploadSaga, services, upload.pending(file()))
      .put(upload.rejected(message))
      .call(services.notify.error, message)
      .not.put.actionType(savePicture.pending.type)
      .not.put(logoutRequested())
      .run();
  });

  it('401: logs out', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/upload').reply(401, {});
    await expectSaga(uploadSaga, services, upload.pending(file()))
      .put(upload.rejected(ERROR_FALLBACKS.upload))
      .put(logoutRequested())
      .run();
  });
});

describe('savePictureSaga (picture chain, step 2)', () => {
  it('success: refetches the user, then toasts', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/save_picture').reply(200, sampleUser({ picture_url: 'abc.png' }));
    await expectSaga(savePictureSaga, services, savePicture.pending({ picture_url: 'abc.png' }))
      .put(savePicture.fulfilled())
      .put(userInfo.pending())
      .dispatch(userInfo.fulfilled(sampleUser({ picture_url: 'abc.png' })))
      .call(services.notify.success, SUCCESS_TOASTS.profileUpdated)
      .run();
    expect(http.history.post[0]?.params).toEqual({ picture_url: 'abc.png' });
  });

  it.each(errorCases(ERROR_FALLBACKS.savePicture))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/api/save_picture'));
    await expectSaga(savePictureSaga, services, savePicture.pending({ picture_url: 'abc.png' }))
      .put(savePicture.rejected(message))
      .call(services.notify.error, message)
      .not.put(userInfo.pending())
      .run();
  });

  it('401: logs out', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/save_picture').reply(401, {});
    await expectSaga(savePictureSaga, services, savePicture.pending({ picture_url: 'x' }))
      .put(logoutRequested())
      .run();
  });
});

describe('saveProfileSaga', () => {
  it('success: succeeded, refetches the user, toasts', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/save_profile').reply(200, sampleUser({ city: 'Paris' }));
    await expectSaga(saveProfileSaga, services, saveProfile.pending({ city: 'Paris' }))
      .put(saveProfile.fulfilled())
      .put(userInfo.pending())
      .dispatch(userInfo.fulfilled(sampleUser({ city: 'Paris' })))
      .call(services.notify.success, SUCCESS_TOASTS.profileUpdated)
      .run();
    expect(http.history.post[0]?.params).toEqual({ city: 'Paris' });
  });

  it.each(errorCases(ERROR_FALLBACKS.saveProfile))('$name → failed with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/api/save_profile'));
    await expectSaga(saveProfileSaga, services, saveProfile.pending({ city: 'Paris' }))
      .put(saveProfile.rejected(message))
      .call(services.notify.error, message)
      .not.put(logoutRequested())
      .run();
  });

  it('401: logs out', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/save_profile').reply(401, {});
    await expectSaga(saveProfileSaga, services, saveProfile.pending({ city: 'Paris' }))
      .put(logoutRequested())
      .run();
  });
});

describe('updatePasswordSaga', () => {
  it("success: the server's detail as a toast, fresh tokens stored", async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/update-password').reply(200, {
      detail: 'Password updated successfully',
      access_token: 'new-a',
      refresh_token: 'new-r',
      token_type: 'bearer',
    });
    await expectSaga(updatePasswordSaga, services, updatePassword.pending({ old_password: 'o', new_password: 'n' }))
      .put(updatePassword.fulfilled('Password updated successfully'))
      .call(services.notify.success, 'Password updated successfully')
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-a');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-r');
  });

  it('success without tokens keeps the stored ones', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/update-password').reply(200, { detail: 'Done' });
    await expectSaga(updatePasswordSaga, services, updatePassword.pending({ old_password: 'o', new_password: 'n' }))
      .put(updatePassword.fulfilled('Done'))
      .run();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token');
  });

  it.each(errorCases(ERROR_FALLBACKS.unknown))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onPost('/api/update-password'));
    await expectSaga(updatePasswordSaga, services, updatePassword.pending({ old_password: 'o', new_password: 'n' }))
      .put(updatePassword.rejected(message))
      .call(services.notify.error, message)
      .run();
  });
});

describe('balanceSaga', () => {
  const data = { balance: 120, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' };

  it('success: balanceData', async () => {
    const { services, http } = fakeServices();
    http.onGet('/api/balance').reply(200, data);
    await expectSaga(balanceSaga, services).put(balance.fulfilled(data)).run();
  });

  it.each(errorCases(ERROR_FALLBACKS.balance))('$name → rejected with "$message"', async ({ reply, message }) => {
    const { services, http } = fakeServices();
    reply(http.onGet('/api/balance'));
    await expectSaga(balanceSaga, services).put(balance.rejected(message)).not.put(logoutRequested()).run();
  });

  it('401: logs out', async () => {
    const { services, http } = fakeServices();
    http.onGet('/api/balance').reply(401, {});
    await expectSaga(balanceSaga, services).put(balance.rejected(ERROR_FALLBACKS.balance)).put(logoutRequested()).run();
  });
});
