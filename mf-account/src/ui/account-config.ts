import { createContext, useContext } from 'react';
import type { AccountRemoteConfig } from '@portal/shared-contracts';

export const ConfigContext = createContext<AccountRemoteConfig | null>(null);

export function useAccountConfig(): AccountRemoteConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAccountConfig must be used inside <AccountProvider>');
  return config;
}
