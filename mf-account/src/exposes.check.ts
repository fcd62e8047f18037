// Compile-time proof that this remote exposes exactly what shared-contracts declares.
import type { ExposesOf } from 'shared-contracts';
import * as AccountMenu from './exposes/account-menu';
import * as ModalHost from './exposes/modal-host';
import * as ProfilePage from './exposes/profile-page';

export const exposedModules = {
  './AccountMenu': AccountMenu,
  './ModalHost': ModalHost,
  './ProfilePage': ProfilePage,
} satisfies ExposesOf<'mf_account'>;

// Every declared expose must be present (satisfies alone allows extras to be missing).
type Missing = Exclude<keyof ExposesOf<'mf_account'>, keyof typeof exposedModules>;
export const noMissingExposes: Missing extends never ? true : Missing = true;
