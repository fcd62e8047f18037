import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastNotifier } from '../store/toast-notifier';
import { useAccountDispatch } from '../store/hooks';
import { INFO_TOASTS, MODAL_KINDS, type ModalKind } from '@portal/shared-contracts/account';
import { AUTH_HASH_KINDS } from './auth-links';
import { modalOpened } from './modal-slice';
import { useSignedIn } from '../session';

/** What a signed-in visitor is told instead of each hash's dialog (product §2/§6). */
const ALREADY_SIGNED_IN: Partial<Record<ModalKind, string>> = {
  [MODAL_KINDS.signUp]: INFO_TOASTS.alreadySignedUp,
  [MODAL_KINDS.signIn]: INFO_TOASTS.alreadySignedIn,
};

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
    const kind = AUTH_HASH_KINDS[location.hash.toLowerCase()];
    if (!kind) return;
    const alreadySignedIn = ALREADY_SIGNED_IN[kind];
    if (signedInRef.current && alreadySignedIn) {
      toastNotifier.info(alreadySignedIn, { toastId: alreadySignedIn });
    } else {
      dispatch(modalOpened({ kind }));
    }
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state as unknown });
  }, [dispatch, location.hash, location.pathname, location.search, location.state, navigate]);
}
