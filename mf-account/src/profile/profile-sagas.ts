import type { SagaIterator } from 'redux-saga';
import { all, call, put, take } from 'redux-saga/effects';
import { ERROR_FALLBACKS, SUCCESS_TOASTS } from '@portal/shared-contracts/account';
import { playerChanged, signin } from '../session';
import { requestSaga } from '../store/request-saga';
import type { AccountServices } from '../store/services';
import { balance, savePicture, saveProfile, updatePassword, upload, userInfo } from './profile-actions';

/** Refetch the player through the user-info watcher, wait for its answer, then toast (product §4). */
function* refetchUserThenToast(services: AccountServices): SagaIterator {
  yield put(userInfo.pending());
  yield take([userInfo.fulfilled.type, userInfo.rejected.type]);
  yield call(services.notify.success, SUCCESS_TOASTS.profileUpdated);
}

/** The player, loaded on start-up, after a sign-in (here or in another tab) and after every profile change. */
export const userInfoSaga = requestSaga(userInfo, (s) => s.api.getUserInfo(), {
  fallback: ERROR_FALLBACKS.userInfo,
  toastError: false,
  alsoOn: [signin.fulfilled.type, playerChanged.type],
});

/** Picture chain (product §4): upload → name → save_picture → refetch user → toast. */
export const uploadSaga = requestSaga(upload, (s, file) => s.api.upload(file), {
  fallback: ERROR_FALLBACKS.upload,
  *onSuccess(_services, uploaded): SagaIterator {
    yield put(savePicture.pending({ picture_url: uploaded.name }));
  },
});

export const savePictureSaga = requestSaga(savePicture, (s, query) => s.api.savePicture(query), {
  fallback: ERROR_FALLBACKS.savePicture,
  onSuccess: refetchUserThenToast,
});

/** Profile save (product §4): idle → loading → succeeded | failed; success refetches the user. */
export const saveProfileSaga = requestSaga(saveProfile, (s, fields) => s.api.saveProfile(fields), {
  fallback: ERROR_FALLBACKS.saveProfile,
  onSuccess: refetchUserThenToast,
});

/**
 * update-password answers with a detail text, which is what the player sees. This API also
 * retires every token and sends a fresh pair, which must replace the stored ones.
 */
export const updatePasswordSaga = requestSaga(
  updatePassword,
  async (s, request) => {
    const response = await s.api.updatePassword(request);
    if (response.access_token && response.refresh_token) s.tokens.save(response);
    return response.detail;
  },
  {
    // product §8 names no fallback for this action: "anything else".
    fallback: ERROR_FALLBACKS.unknown,
    *onSuccess(services, detail): SagaIterator {
      yield call(services.notify.success, detail);
    },
  },
);

export const balanceSaga = requestSaga(balance, (s) => s.api.getBalance(), {
  fallback: ERROR_FALLBACKS.balance,
  toastError: false,
});

/** Every profile request. */
const PROFILE_REQUESTS = [userInfoSaga, uploadSaga, savePictureSaga, saveProfileSaga, updatePasswordSaga, balanceSaga];

/** The profile feature's watchers, forked by the app's root saga with the services (decision 0013). */
export function* profileSagas(services: AccountServices): SagaIterator {
  yield all(PROFILE_REQUESTS.map((saga) => saga.watch(services)));
}
