import { Type, type Static } from 'typebox';
import type { BalanceResponse } from '@portal/shared-contracts/account';
import type { Expect, SameShape } from '../http/response-schema';

export const BALANCE = Type.Object({
  balance: Type.Integer(),
  currency: Type.String(),
  updated_at: Type.String(),
});

export type BalanceSchemaMatches = Expect<SameShape<Static<typeof BALANCE>, BalanceResponse>>;
