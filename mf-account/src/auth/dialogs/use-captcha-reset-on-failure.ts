import { useEffect, useRef, type RefObject } from 'react';
import type { CaptchaHandle } from '../../ui/captcha-field';

/** A reCAPTCHA token is spent by the server's check: after a failed submit, ask for a new tick. */
export function useCaptchaResetOnFailure(captcha: RefObject<CaptchaHandle | null>, error: string | null): void {
  const lastError = useRef(error);
  useEffect(() => {
    if (error !== null && error !== lastError.current) captcha.current?.reset();
    lastError.current = error;
  }, [captcha, error]);
}
