import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activation } from './auth-actions';
import { useAccountDispatch } from '../store/hooks';

/** The verification mail links to `/?activation_token=…` (account API); redeem it once. */
export const ACTIVATION_PARAM = 'activation_token';

export function useActivationLink(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAccountDispatch();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get(ACTIVATION_PARAM);
    if (!token) return;
    dispatch(activation.pending({ token }));
    params.delete(ACTIVATION_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [dispatch, location.hash, location.pathname, location.search, navigate]);
}
