import { combineReducers } from 'redux';
import { authReducers } from '../auth';
import { profileReducers } from '../profile';
import { sessionReducers } from '../session';

/**
 * The account remote's state: each feature brings the keys it owns (`auth`, `modal`; `profile`;
 * `session`, the sign-in's flags)
 * and reads them with its own selectors; this only composes them. Whether a player is signed in
 * is not state: the token store is its one source (`useSignedIn`, decision 0045).
 * `combineReducers` comes from `redux` itself (Redux Toolkit wraps redux 5; decision 0012); the
 * root state type is inferred from it.
 */
export const rootReducer = combineReducers({ ...authReducers, ...profileReducers, ...sessionReducers });

export type AccountRootState = ReturnType<typeof rootReducer>;
