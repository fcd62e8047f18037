import { useEffect } from 'react';
import { balance } from './profile-actions';
import { useAccountDispatch } from '../store/hooks';
import { useProfileSelector } from './profile-state';
import { Icon } from '@portal/ui';

/** The player's balance from the balance call (held as balanceData, product §3). */
export function BalanceCard() {
  const dispatch = useAccountDispatch();
  const status = useProfileSelector((state) => state.profile.balance);
  const data = useProfileSelector((state) => state.profile.balanceData);

  useEffect(() => {
    dispatch(balance.pending());
  }, [dispatch]);

  return (
    <section className="acc-card acc-balance" aria-labelledby="acc-balance-title" aria-busy={status.loading}>
      <div className="acc-balance__icon" aria-hidden="true">
        <Icon name="coins" size={26} weight={2} />
      </div>
      <div className="acc-balance__body">
        <h2 className="acc-balance__title" id="acc-balance-title">
          Balance
        </h2>
        {data ? (
          <p className="acc-balance__amount" data-testid="balance-amount">
            {new Intl.NumberFormat().format(data.balance)} <span className="acc-balance__currency">{data.currency}</span>
          </p>
        ) : status.loading ? (
          <span className="acc-skeleton acc-skeleton--amount" role="status" aria-label="Loading balance" />
        ) : null}
        {status.error ? (
          <p className="acc-balance__error">
            {status.error}{' '}
            <button type="button" className="acc-link-button" onClick={() => dispatch(balance.pending())}>
              Try again
            </button>
          </p>
        ) : null}
      </div>
    </section>
  );
}
