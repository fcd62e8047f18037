import { forwardRef, useImperativeHandle, useRef } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';

export interface CaptchaHandle {
  /** Google tokens are single-use: a failed submit needs a fresh tick. */
  reset: () => void;
}

interface CaptchaFieldProps {
  siteKey: string;
  onToken: (token: string | null) => void;
}

/** reCAPTCHA v2 checkbox (react-google-recaptcha), site key from runtime config. */
export const CaptchaField = forwardRef<CaptchaHandle, CaptchaFieldProps>(function CaptchaField({ siteKey, onToken }, ref) {
  const widget = useRef<ReCAPTCHA>(null);
  useImperativeHandle(ref, () => ({
    reset: () => {
      try {
        widget.current?.reset();
      } catch {
        // The widget script may not have loaded; there is nothing to reset then.
      }
      onToken(null);
    },
  }));
  return (
    <div className="acc-captcha">
      <ReCAPTCHA
        ref={widget}
        sitekey={siteKey}
        theme="dark"
        onChange={(token) => {
          onToken(token);
        }}
        onExpired={() => {
          onToken(null);
        }}
        onErrored={() => {
          onToken(null);
        }}
      />
    </div>
  );
});
