import { Type, type Static } from 'typebox';
import type { BalanceResponse } from 'shared-contracts/account';
import type { SameShape } from '../http/response-schema';

export const BALANCE = Type.Object({
  balance: Type.Integer(),
  currency: Type.String(),
  updated_at: Type.String(),
});

const sameShape: SameShape<Static<typeof BALANCE>, BalanceResponse> = true;
void sameShape;
