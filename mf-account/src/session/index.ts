// The session's public entry (decision 0043): what the other features may use.
export * from './session-actions';
export { sessionSagas } from './session-sagas';
export { sessionReducers } from './session-state';
export { useSigninStatus } from './use-signin-status';
export { useSignedIn } from './use-signed-in';
