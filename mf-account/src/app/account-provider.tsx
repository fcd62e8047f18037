import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AccountRemoteConfig } from '@portal/shared-contracts';
import { useRegisterNavigator } from '../session/use-register-navigator';
import { getAccountStore, type AccountStore } from './account-store';
import { ConfigContext } from '../ui/account-config';

function NavigatorRegistration() {
  useRegisterNavigator();
  return null;
}

/** Wraps each exposed component: the shared store, the runtime config, router navigation. */
export function AccountProvider({
  config,
  store,
  children,
}: {
  config: AccountRemoteConfig;
  store?: AccountStore;
  children: ReactNode;
}) {
  return (
    <Provider store={store ?? getAccountStore(config)}>
      <ConfigContext.Provider value={config}>
        <NavigatorRegistration />
        {children}
      </ConfigContext.Provider>
    </Provider>
  );
}
