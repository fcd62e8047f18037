import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activation } from './auth-actions';
import { ACTIVATION_PARAM } from './auth-links';
import { useAccountDispatch } from '../store/hooks';

/** The activation link of the verification mail: redeemed once, then dropped from the URL. */
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
