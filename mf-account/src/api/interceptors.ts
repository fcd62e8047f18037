import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The call authenticates otherwise (a refresh token in its body): never attach the bearer header. */
    withoutBearer?: boolean;
  }
}

/** product §6: the path fragment whose calls always carry the bearer header, token or not. */
export const ALWAYS_AUTHENTICATED_URL_PART = 'boxes';

/**
 * Request interceptor (product §6): attaches `Authorization: Bearer <token>` when a token is
 * stored, or when the URL contains 'boxes' even without one. The token is read on every
 * request so a sign-in or logout in another tab is honoured at once.
 */
export function attachBearerToken(readToken: () => string | null) {
  return (config: InternalAxiosRequestConfig): InternalAxiosRequestConfig => {
    if (config.withoutBearer) return config;
    const token = readToken();
    const url = config.url ?? '';
    if (token !== null || url.includes(ALWAYS_AUTHENTICATED_URL_PART)) {
      const headers = AxiosHeaders.from(config.headers);
      headers.set('Authorization', `Bearer ${token ?? ''}`.trim());
      config.headers = headers;
    }
    return config;
  };
}

/** Did this request carry credentials? Only then does a 401/403 end the session. */
export function wasAuthenticated(config: InternalAxiosRequestConfig | undefined): boolean {
  if (!config) return false;
  return AxiosHeaders.from(config.headers).has('Authorization');
}

/**
 * Response error interceptor (product §4): a 401 or 403 on an authenticated call means the
 * session is no longer valid: the handler clears storage and goes to '/'. The error is
 * still rejected, so the caller's saga records its own failure.
 */
export function rejectUnauthorized(onSessionRejected: (status: number) => void) {
  return (error: unknown): Promise<never> => {
    if (error instanceof AxiosError) {
      const status = error.response?.status;
      if ((status === 401 || status === 403) && wasAuthenticated(error.config)) onSessionRejected(status);
    }
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  };
}
