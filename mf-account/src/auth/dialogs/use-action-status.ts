import { useEffect } from 'react';
import { actionStatusCleared, type ActionStatus } from '../../store/async-action';
import { useAccountDispatch } from '../../store/hooks';
import type { AuthFlag } from '../auth-slice';
import { useAuthSelector } from '../auth-state';

/** One auth action's flags, cleared when the dialog opens so an old error never shows. */
export function useActionStatus(name: AuthFlag): ActionStatus {
  const dispatch = useAccountDispatch();
  useEffect(() => {
    dispatch(actionStatusCleared(name));
  }, [dispatch, name]);
  return useAuthSelector((state) => state.auth[name]);
}
