// The auth feature's public entry (decision 0043): what the other features and the app may use.
export { authSagas } from './auth-sagas';
export { authReducers } from './auth-state';
export { modalOpened } from './modal-slice';
export { SignedOutButtons } from './signed-out-buttons';
