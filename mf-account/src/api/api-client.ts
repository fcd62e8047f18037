import axios, { type AxiosInstance } from 'axios';
import { attachBearerToken, rejectUnauthorized } from './interceptors';

export interface ApiClientOptions {
  /** Account API base URL from runtime config. */
  baseURL: string;
  readToken: () => string | null;
  /** A 401/403 answered an authenticated call. */
  onSessionRejected: (status: number) => void;
}

/** The one axios client of the account remote (product §7: JSON, no timeout, 2xx is success). */
export function createApiClient({ baseURL, readToken, onSessionRejected }: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: baseURL.replace(/\/+$/, ''),
    timeout: 0,
    headers: { Accept: 'application/json' },
    validateStatus: (status) => status >= 200 && status < 300,
  });
  client.interceptors.request.use(attachBearerToken(readToken));
  client.interceptors.response.use(undefined, rejectUnauthorized(onSessionRejected));
  return client;
}
