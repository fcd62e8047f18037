import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { locationCommitted, registerNavigator } from './navigation';

/** Lends this mount's router navigation to the sagas, and tells them when a location is on screen. */
export function useRegisterNavigator(): void {
  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  useEffect(() => registerNavigator((path) => void navigate(path)), [navigate]);
  // A layout effect: it runs in the commit that draws the new page, before that page is painted.
  useLayoutEffect(() => locationCommitted(`${pathname}${search}${hash}`), [pathname, search, hash, key]);
}
