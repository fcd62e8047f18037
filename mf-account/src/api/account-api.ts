import type { AxiosInstance } from 'axios';
import {
  API_PATHS,
  type BalanceResponse,
  type EmailRequest,
  type LoginRequest,
  type LoginResponse,
  type MessageResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SavePictureQuery,
  type SaveProfileQuery,
  type UpdatePasswordQuery,
  type UpdatePasswordResponse,
  type UploadResponse,
  type UserRecord,
  type VerifyEmailRequest,
  type ActivateUserQuery,
  type DetailResponse,
  type LogoutRequest,
  type RefreshTokenRequest,
} from '@portal/shared-contracts/account';

/** product §7 sends these form-encoded; axios sets the content type for URLSearchParams. */
function formBody(fields: object): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(key, value);
  }
  return body;
}

/**
 * The session calls authenticate with the refresh token in their body, not the bearer header:
 * a refused renewal is the "Session expired!" path, not the interceptor's rejected session.
 */
const SESSION_CALL = { withoutBearer: true } as const;

/** Every call of product §7, typed by the shared API contract. */
export function createAccountApi(client: AxiosInstance) {
  return {
    getUserInfo: async (): Promise<UserRecord> => (await client.post<UserRecord>(API_PATHS.userInfo)).data,
    upload: async (file: File): Promise<UploadResponse> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await client.post<UploadResponse>(API_PATHS.upload, form)).data;
    },
    /** product §7 names query parameters; the fields go in a JSON body so personal data stays out of URLs and logs. */
    saveProfile: async (fields: SaveProfileQuery): Promise<void> => {
      await client.post(API_PATHS.saveProfile, fields);
    },
    savePicture: async (query: SavePictureQuery): Promise<void> => {
      await client.post(API_PATHS.savePicture, null, { params: query });
    },
    register: async (request: RegisterRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.register, formBody(request))).data,
    login: async (request: LoginRequest): Promise<LoginResponse> =>
      (await client.post<LoginResponse>(API_PATHS.login, request)).data,
    /** The passwords go in a JSON body, never the URL; the answer carries `detail` and a fresh token pair. */
    updatePassword: async (request: UpdatePasswordQuery): Promise<UpdatePasswordResponse> =>
      (await client.post<UpdatePasswordResponse>(API_PATHS.updatePassword, request)).data,
    /** Trades the refresh token for a new pair (rotation: the presented one is spent). */
    refreshToken: async (request: RefreshTokenRequest): Promise<LoginResponse> =>
      (await client.post<LoginResponse>(API_PATHS.refreshToken, request, SESSION_CALL)).data,
    /** Revokes the session (the refresh token's family) on the server. */
    logout: async (request: LogoutRequest): Promise<DetailResponse> =>
      (await client.post<DetailResponse>(API_PATHS.logout, request, SESSION_CALL)).data,
    resetPassword: async (request: ResetPasswordRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.resetPassword, formBody(request))).data,
    forgotPassword: async (request: EmailRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.forgotPassword, formBody(request))).data,
    activateUser: async (query: ActivateUserQuery): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.activateUser, null, { params: query })).data,
    getBalance: async (): Promise<BalanceResponse> => (await client.get<BalanceResponse>(API_PATHS.balance)).data,
    verifyEmail: async (request: VerifyEmailRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.verifyEmail, formBody(request))).data,
    resendVerification: async (request: EmailRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.resendVerification, formBody(request))).data,
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
