import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, take } from 'redux-saga/effects';
import {
  ERROR_FALLBACKS,
  SUCCESS_TOASTS,
  type BalanceResponse,
  type SavePictureQuery,
  type SaveProfileQuery,
  type UpdatePasswordQuery,
  type UpdatePasswordResponse,
  type UploadResponse,
  type UserRecord,
} from 'shared-contracts';
import { describeApiError, type ApiFailure } from '../api/api-error';
import { storeSessionTokens } from '../session/token-storage';
import { balance, logoutRequested, savePicture, saveProfile, updatePassword, upload, userInfo } from '../store/account-actions';
import type { AccountServices } from '../store/services';

/** SPEC §4: a 401 during user-info, upload, save or balance logs the player out. */
function* logoutIfUnauthorized(failure: ApiFailure): SagaIterator {
  if (failure.status === 401) yield put(logoutRequested());
}

/** Refetch the player through the user-info watcher and wait for its answer. */
function* refetchUser(): SagaIterator {
  yield put(userInfo.pending());
  yield take([userInfo.fulfilled.type, userInfo.rejected.type]);
}

export function* userInfoSaga(services: AccountServices): SagaIterator {
  try {
    const user: UserRecord = yield call(services.api.getUserInfo);
    yield put(userInfo.fulfilled(user));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.userInfo);
    yield put(userInfo.rejected(failure.message));
    yield call(logoutIfUnauthorized, failure);
  }
}

/** Picture chain (SPEC §4): upload → name → save_picture → refetch user → toast. */
export function* uploadSaga(services: AccountServices, { payload: file }: PayloadAction<File>): SagaIterator {
  try {
    const uploaded: UploadResponse = yield call(services.api.upload, file);
    yield put(upload.fulfilled(uploaded));
    yield put(savePicture.pending({ picture_url: uploaded.name }));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.upload);
    yield put(upload.rejected(failure.message));
    yield call(services.notify.error, failure.message);
    yield call(logoutIfUnauthorized, failure);
  }
}

export function* savePictureSaga(services: AccountServices, { payload }: PayloadAction<SavePictureQuery>): SagaIterator {
  try {
    yield call(services.api.savePicture, payload);
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.savePicture);
    yield put(savePicture.rejected(failure.message));
    yield call(services.notify.error, failure.message);
    yield call(logoutIfUnauthorized, failure);
    return;
  }
  yield put(savePicture.fulfilled());
  yield call(refetchUser);
  yield call(services.notify.success, SUCCESS_TOASTS.profileUpdated);
}

/** Profile save (SPEC §4): idle → loading → succeeded | failed; success refetches the user. */
export function* saveProfileSaga(services: AccountServices, { payload }: PayloadAction<SaveProfileQuery>): SagaIterator {
  try {
    yield call(services.api.saveProfile, payload);
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.saveProfile);
    yield put(saveProfile.rejected(failure.message));
    yield call(services.notify.error, failure.message);
    yield call(logoutIfUnauthorized, failure);
    return;
  }
  yield put(saveProfile.fulfilled());
  yield call(refetchUser);
  yield call(services.notify.success, SUCCESS_TOASTS.profileUpdated);
}

/** update-password answers with a detail text, which is what the player sees. */
export function* updatePasswordSaga(services: AccountServices, { payload }: PayloadAction<UpdatePasswordQuery>): SagaIterator {
  try {
    const response: UpdatePasswordResponse = yield call(services.api.updatePassword, payload);
    if (response.access_token && response.refresh_token) {
      yield call(storeSessionTokens, services.localStorage, {
        access_token: response.access_token,
        refresh_token: response.refresh_token,
      });
    }
    yield put(updatePassword.fulfilled(response.detail));
    yield call(services.notify.success, response.detail);
  } catch (error) {
    // SPEC §8 names no fallback for this action: "anything else".
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.unknown);
    yield put(updatePassword.rejected(failure.message));
    yield call(services.notify.error, failure.message);
  }
}

export function* balanceSaga(services: AccountServices): SagaIterator {
  try {
    const data: BalanceResponse = yield call(services.api.getBalance);
    yield put(balance.fulfilled(data));
  } catch (error) {
    const failure: ApiFailure = describeApiError(error, ERROR_FALLBACKS.balance);
    yield put(balance.rejected(failure.message));
    yield call(logoutIfUnauthorized, failure);
  }
}
