import { useSelector } from 'react-redux';
import type { StateFromReducersMapObject } from 'redux';
import { sessionReducer } from './session-slice';

/** The state key this feature owns; the app's root reducer takes it as it is. */
export const sessionReducers = { session: sessionReducer };
export type SessionRootState = StateFromReducersMapObject<typeof sessionReducers>;

/** Typed by the session part of the state only: a feature reads what it owns. */
export const useSessionSelector = useSelector.withTypes<SessionRootState>();
