import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastNotifier } from '../store/toast-notifier';
import { useAccountDispatch } from '../store/hooks';
import { AUTH_HASHES } from './auth-links';
import { modalOpened } from './modal-slice';
import { useSignedIn } from '../session';

/**
 * Opening any page with #signup or #signin: signed out, the dialog opens; signed in, an info
 * toast instead. The hash is then dropped so the same link works again later.
 */
export function useAuthHash(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAccountDispatch();
  const signedIn = useSignedIn();
  // Read at hash time, not a reason to re-run: signing in must not replay an old hash.
  const signedInRef = useRef(signedIn);
  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    const entry = AUTH_HASHES[location.hash.toLowerCase()];
    if (!entry) return;
    if (signedInRef.current) {
      toastNotifier.info(entry.alreadySignedIn, { toastId: entry.alreadySignedIn });
    } else {
      dispatch(modalOpened({ kind: entry.kind }));
    }
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state as unknown });
  }, [dispatch, location.hash, location.pathname, location.search, location.state, navigate]);
}
