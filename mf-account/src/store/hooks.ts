import { useDispatch, useSelector } from 'react-redux';
import type { AccountDispatch } from './account-store';
import type { AccountRootState } from './root-reducer';

export const useAccountDispatch = useDispatch.withTypes<AccountDispatch>();
export const useAccountSelector = useSelector.withTypes<AccountRootState>();
