// The profile feature's public entry (decision 0043): what the app composes.
export { AvatarMenu } from './account-menu';
export { userInfo } from './profile-actions';
export { ProfilePage } from './profile-page';
export { profileSagas } from './profile-sagas';
export { profileReducers } from './profile-state';
