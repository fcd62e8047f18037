import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerNavigator } from './navigation';

/** Lends this mount's router navigation to the sagas while it is mounted. */
export function useRegisterNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((path) => void navigate(path)), [navigate]);
}
