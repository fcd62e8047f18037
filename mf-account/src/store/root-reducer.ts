import { combineReducers } from 'redux';
import { authReducer } from '../auth/auth-slice';
import { modalReducer } from '../auth/modal-slice';
import { profileReducer } from '../profile/profile-slice';

/**
 * The account remote's state, one key per feature slice. Whether a player is signed in is not
 * state: the token store is its one source (`useSignedIn`, decision 0045). `combineReducers` comes from `redux`
 * itself (Redux Toolkit wraps redux 5; decision 0012); the root state type is inferred from it.
 */
export const rootReducer = combineReducers({
  auth: authReducer,
  profile: profileReducer,
  modal: modalReducer,
});

export type AccountRootState = ReturnType<typeof rootReducer>;
