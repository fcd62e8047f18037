/** Checks a reCAPTCHA v2 response token with Google; only used when RECAPTCHA_SECRET is set. */
export type CaptchaVerifier = (token: string, remoteIp: string) => Promise<boolean>;

const VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export function googleCaptchaVerifier(secret: string, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  return async (token, remoteIp) => {
    try {
      const response = await fetchImpl(VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return false;
      const body: unknown = await response.json();
      return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
    } catch {
      // Google unreachable: fail closed, the player can retry.
      return false;
    }
  };
}
