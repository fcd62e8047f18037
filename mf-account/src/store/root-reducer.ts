import { combineReducers } from 'redux';
import { authReducer } from '../auth/auth-slice';
import { modalReducer } from '../auth/modal-slice';
import { profileReducer } from '../profile/profile-slice';
import { sessionReducer } from '../session/session-slice';

/**
 * The account remote's state, one key per feature slice. `combineReducers` comes from `redux`
 * itself (Redux Toolkit wraps redux 5; decision 0012); the root state type is inferred from it.
 */
export const rootReducer = combineReducers({
  auth: authReducer,
  profile: profileReducer,
  session: sessionReducer,
  modal: modalReducer,
});

export type AccountRootState = ReturnType<typeof rootReducer>;
