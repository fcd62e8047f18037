// The session's public entry (decision 0043): what the other features may use.
export {
  logoutRequested,
  playerChanged,
  sessionEnded,
  sessionRejected,
  sessionRenewed,
  sessionSynced,
  signin,
  type SessionEndReason,
} from './session-actions';
export { sessionSagas } from './session-sagas';
export { SignedOutButtons } from './signed-out-buttons';
export { useSignedIn } from './use-signed-in';
