import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { API_PATHS, type BalanceResponse } from 'shared-contracts';
import { DEFAULT_CURRENCY } from '../accounts/user-store';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth';

export function registerBalanceRoutes(app: FastifyInstance, context: AppContext, authenticate: preHandlerHookHandler): void {
  const { db } = context.database;

  app.get(API_PATHS.balance, { preHandler: authenticate }, async (request): Promise<BalanceResponse> => {
    const user = currentUser(request);
    const wallet = await db.selectFrom('wallets').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    // Every sign-up opens a wallet; an account without one simply holds nothing yet.
    if (!wallet) return { balance: 0, currency: DEFAULT_CURRENCY, updated_at: user.created_at };
    return { balance: wallet.balance, currency: wallet.currency, updated_at: wallet.updated_at };
  });
}
