import type { SagaIterator } from 'redux-saga';
import { call, put } from 'redux-saga/effects';
import { ROUTES } from '@portal/shared-contracts';
import { EMAIL_NOT_VERIFIED, ERROR_FALLBACKS, SUCCESS_TOASTS, isValidEmail } from '@portal/shared-contracts/account';
import { requestSaga } from '../store/request-saga';
import { signin, signinUnverified } from './session-actions';

/**
 * Sign-in (product §4): the tokens are stored, then one `signin.fulfilled` that the session
 * (signed in), modal (closed) and profile (loading the player) slices answer; toast, go to '/'.
 * An unverified account is `signinUnverified`, which the auth feature answers with a fresh code
 * and the verify dialog (product §8).
 */
export const signinSaga = requestSaga(
  signin,
  async (s, request) => {
    s.tokens.save(await s.api.login(request));
  },
  {
    fallback: ERROR_FALLBACKS.signin,
    noResponseFallback: ERROR_FALLBACKS.signinUnknown,
    *onSuccess(services): SagaIterator {
      yield call(services.notify.success, SUCCESS_TOASTS.signin);
      yield call(services.navigate, ROUTES.home);
    },
    *onFailure(_services, failure, request): SagaIterator {
      if (!failure.message.includes(EMAIL_NOT_VERIFIED)) return;
      // The field takes an email or a username; only an email can receive a code.
      const email = isValidEmail(request.username) ? request.username.trim() : undefined;
      yield put(signinUnverified(email ? { email } : {}));
    },
  },
);
