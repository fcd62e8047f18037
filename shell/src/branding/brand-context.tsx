import { createContext, useContext } from 'react';
import type { Brand } from '@portal/shared-contracts';

export const BrandContext = createContext<Brand | null>(null);

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() used outside <BrandContext.Provider>');
  return brand;
}
