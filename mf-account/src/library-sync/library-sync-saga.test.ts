import { expectSaga } from 'redux-saga-test-plan';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { sessionEnded, sessionSynced, signin } from '../session';
import { fakeServices } from '../testing/fakes';
import { librarySyncSaga } from './library-sync-saga';

beforeEach(() => {
  localStorage.clear();
});

describe('librarySyncSaga: the session tells the library sync, through the store', () => {
  it.each([
    ['a sign-in in this tab', signin.fulfilled()],
    ['a sign-in mirrored from another tab', sessionSynced({ signedIn: true })],
  ])('%s: the sync is told the session is signed in', async (_name, action) => {
    const { services } = fakeServices();
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    await expectSaga(librarySyncSaga, services).dispatch(action).call(services.librarySync.signedIn).silentRun(0);
    expect(services.librarySync.signedIn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a logout', sessionEnded({ reason: 'logout' })],
    ['a logout in another tab', sessionSynced({ signedIn: false })],
  ])('%s: nothing is told', async (_name, action) => {
    const { services } = fakeServices();
    await expectSaga(librarySyncSaga, services).dispatch(action).silentRun(0);
    expect(services.librarySync.signedIn).not.toHaveBeenCalled();
  });
});
