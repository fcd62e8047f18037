import { useEffect } from 'react';
import { actionStatusCleared, type TrackedAction } from '../store/account-actions';
import type { ActionStatus } from '../store/async-action';
import { useAccountDispatch, useAccountSelector } from '../store/hooks';

/** One action's flags, cleared when the dialog opens so an old error never shows. */
export function useActionStatus(name: TrackedAction): ActionStatus {
  const dispatch = useAccountDispatch();
  useEffect(() => {
    dispatch(actionStatusCleared(name));
  }, [dispatch, name]);
  return useAccountSelector((state) => state.account[name]);
}
