import { useDispatch, useSelector } from 'react-redux';
import type { AccountDispatch } from './account-store';
import type { AccountRootState } from './root-state';

export const useAccountDispatch = useDispatch.withTypes<AccountDispatch>();
export const useAccountSelector = useSelector.withTypes<AccountRootState>();
