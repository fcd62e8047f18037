import { useSelector } from 'react-redux';
import type { StateFromReducersMapObject } from 'redux';
import { profileReducer } from './profile-slice';

/** The state key this feature owns; the app's root reducer takes it as it is. */
export const profileReducers = { profile: profileReducer };
export type ProfileRootState = StateFromReducersMapObject<typeof profileReducers>;

/** Typed by the profile part of the state only: a feature reads what it owns. */
export const useProfileSelector = useSelector.withTypes<ProfileRootState>();
export const selectUser = (state: ProfileRootState) => state.profile.user;
