import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { locationCommitted, registerNavigator } from './navigation';

/** Lends this mount's router navigation to the sagas, and tells them when a location is on screen. */
export function useRegisterNavigator(): void {
  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  const shown = useRef(`${pathname}${search}${hash}`);
  // Going where the player already is (logout on Home) replaces the entry: Back must not land on the same page.
  useEffect(() => registerNavigator((path) => void navigate(path, { replace: path === shown.current })), [navigate]);
  // A layout effect: it runs in the commit that draws the new page, before that page is painted.
  useLayoutEffect(() => {
    shown.current = `${pathname}${search}${hash}`;
    locationCommitted(shown.current);
  }, [pathname, search, hash, key]);
}
