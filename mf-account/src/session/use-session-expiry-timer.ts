import { useEffect } from 'react';
import { tokenExpiresAt } from 'shared-contracts/account';
import { sessionCheckRequested } from './session-actions';
import { useAccountDispatch, useAccountSelector } from '../store/hooks';
import { selectSignedIn } from '../store/selectors';
import { browserTokens } from './token-store';

/** Backstop for clocks that jump (sleeping laptops) and tokens replaced by another tab. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
/** setTimeout's ceiling (~24.8 days); later expiries are caught by the interval. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** product §4: when the access token's `exp` passes, the session expires (checked on a timer). */
export function useSessionExpiryTimer(): void {
  const dispatch = useAccountDispatch();
  const signedIn = useAccountSelector(selectSignedIn);

  useEffect(() => {
    if (!signedIn) return;
    const check = () => dispatch(sessionCheckRequested());
    const token = browserTokens().readAccess();
    const expiresAt = token ? tokenExpiresAt(token) : null;
    const timeout =
      expiresAt === null
        ? undefined
        : window.setTimeout(check, Math.min(Math.max(expiresAt - Date.now(), 0) + 50, MAX_TIMEOUT_MS));
    const interval = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timeout);
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dispatch, signedIn]);
}
