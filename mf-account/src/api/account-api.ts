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
} from 'shared-contracts';

/** SPEC §7 sends these form-encoded; axios sets the content type for URLSearchParams. */
function formBody(fields: object): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(key, value);
  }
  return body;
}

/**
 * update-password answers `detail` (SPEC §7); this API also retires the old tokens and sends a
 * fresh pair, which must replace the stored ones or the next call is refused.
 */

/** Every call of SPEC §7, typed by the shared API contract. */
export function createAccountApi(client: AxiosInstance) {
  return {
    getUserInfo: async (): Promise<UserRecord> => (await client.post<UserRecord>(API_PATHS.userInfo)).data,
    upload: async (file: File): Promise<UploadResponse> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await client.post<UploadResponse>(API_PATHS.upload, form)).data;
    },
    saveProfile: async (fields: SaveProfileQuery): Promise<void> => {
      await client.post(API_PATHS.saveProfile, null, { params: fields });
    },
    savePicture: async (query: SavePictureQuery): Promise<void> => {
      await client.post(API_PATHS.savePicture, null, { params: query });
    },
    register: async (request: RegisterRequest): Promise<MessageResponse> =>
      (await client.post<MessageResponse>(API_PATHS.register, formBody(request))).data,
    login: async (request: LoginRequest): Promise<LoginResponse> =>
      (await client.post<LoginResponse>(API_PATHS.login, request)).data,
    updatePassword: async (query: UpdatePasswordQuery): Promise<UpdatePasswordResponse> =>
      (await client.post<UpdatePasswordResponse>(API_PATHS.updatePassword, null, { params: query })).data,
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
