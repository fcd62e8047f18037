import type { Dispatch } from 'redux';
import { useDispatch } from 'react-redux';

/**
 * The store's dispatch (no thunks: sagas do the async work). Selector hooks belong to each
 * feature, typed by the part of the state that feature owns (`useAuthSelector`, `useProfileSelector`).
 */
export const useAccountDispatch = useDispatch.withTypes<Dispatch>();
