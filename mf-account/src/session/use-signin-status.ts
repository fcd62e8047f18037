import { useEffect } from 'react';
import { actionStatusCleared, type ActionStatus } from '../store/async-action';
import { useAccountDispatch } from '../store/hooks';
import { useSessionSelector } from './session-state';

/** The sign-in's flags for its dialog, cleared when the dialog opens so an old error never shows. */
export function useSigninStatus(): ActionStatus {
  const dispatch = useAccountDispatch();
  useEffect(() => {
    dispatch(actionStatusCleared('signin'));
  }, [dispatch]);
  return useSessionSelector((state) => state.session.signin);
}
