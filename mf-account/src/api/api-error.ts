import { AxiosError } from 'axios';
import { errorDetailMessage } from '@portal/shared-contracts/account';

/** What a saga keeps of a failed call. */
export interface ApiFailure {
  message: string;
  /** HTTP status, or null when no response arrived (network, CORS, bug). */
  status: number | null;
}

/**
 * product §8: the server's detail (a string, or the msgs of a list joined by commas); when
 * there is none, the action's fallback. `noResponseFallback` covers calls that never got an
 * answer, for the actions whose table row names a second, more generic message.
 */
export function describeApiError(error: unknown, fallback: string, noResponseFallback: string = fallback): ApiFailure {
  if (error instanceof AxiosError && error.response) {
    return { message: errorDetailMessage(error.response.data, fallback), status: error.response.status };
  }
  return { message: noResponseFallback, status: null };
}
