import { createAction } from '@reduxjs/toolkit';
import type {
  BalanceResponse,
  SavePictureQuery,
  SaveProfileQuery,
  UpdatePasswordQuery,
  UploadResponse,
  UserRecord,
} from '@portal/shared-contracts/account';
import { createAsyncAction } from '../store/async-action';

/** The profile actions of product §3/§4, each pending → fulfilled | rejected. */
export const userInfo = createAsyncAction<undefined, UserRecord>('profile/userInfo');
export const upload = createAsyncAction<File, UploadResponse>('profile/upload');
export const savePicture = createAsyncAction<SavePictureQuery>('profile/savePicture');
export const saveProfile = createAsyncAction<SaveProfileQuery>('profile/saveProfile');
/** product §4: returns the profile save to idle and clears its error. */
export const saveProfileReset = createAction('profile/saveProfile/reset');
/** Fulfilled with the server's detail text. */
export const updatePassword = createAsyncAction<UpdatePasswordQuery, string>('profile/updatePassword');
export const balance = createAsyncAction<undefined, BalanceResponse>('profile/balance');
