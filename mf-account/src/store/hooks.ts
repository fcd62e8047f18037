import { useDispatch, useSelector } from 'react-redux';
import type { AccountDispatch } from './accountStore';
import type { AccountRootState } from './rootState';

export const useAccountDispatch = useDispatch.withTypes<AccountDispatch>();
export const useAccountSelector = useSelector.withTypes<AccountRootState>();
