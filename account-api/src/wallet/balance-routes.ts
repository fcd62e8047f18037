import type { FastifyPluginAsync } from 'fastify';
import { API_PATHS, type BalanceResponse } from '@portal/shared-contracts/account';
import { DEFAULT_CURRENCY } from '../accounts/user-store';
import { currentUser } from '../http/auth';
import { BALANCE } from './balance-schema';

export const balanceRoutes: FastifyPluginAsync = async (app) => {
  const { authLookup: lookup, authenticate } = app;
  // The wallet is read with a prepared statement beside the auth check's (decision 0024):
  // synchronous on SQLite, so the handler returns the answer itself, without a promise.
  app.get(API_PATHS.balance, { preHandler: authenticate, schema: { response: { 200: BALANCE } } }, (request) => {
    const user = currentUser(request);
    const answer = (wallet: BalanceResponse | undefined): BalanceResponse =>
      // Every sign-up opens a wallet; an account without one simply holds nothing yet.
      wallet ?? { balance: 0, currency: DEFAULT_CURRENCY, updated_at: user.created_at };
    const wallet = lookup.wallet(user.id);
    return wallet instanceof Promise ? wallet.then(answer) : answer(wallet);
  });
};
