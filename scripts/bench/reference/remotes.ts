// The reference single-bundle app's stand-in for shell/src/federation/remotes.ts: the same
// exports, but every exposed module is imported directly, so the shell and the three remotes'
// pages end up in one ordinary bundle with no federation runtime. Built only by `npm run bench`
// (scripts/bench/reference/rspack.config.cjs); never deployed. Without federation nothing
// announces react-toastify, so this app shows no toasts: none of the measured pages needs one.
import type { RemoteModule, RemoteModuleId, RemoteName, RuntimeConfig } from '@portal/shared-contracts';
import AccountMenu from '../../../mf-account/src/exposes/account-menu';
import ModalHost from '../../../mf-account/src/exposes/modal-host';
import ProfilePage from '../../../mf-account/src/exposes/profile-page';
import AllGamesPage from '../../../mf-catalog/src/exposes/all-games-page';
import CategoriesRedirect from '../../../mf-catalog/src/exposes/categories-redirect';
import CategoryPage from '../../../mf-catalog/src/exposes/category-page';
import HomePage from '../../../mf-catalog/src/exposes/home-page';
import SearchPage from '../../../mf-catalog/src/exposes/search-page';
import TagPage from '../../../mf-catalog/src/exposes/tag-page';
import PlayPage from '../../../mf-player/src/exposes/play-page';

const MODULES: { [Id in RemoteModuleId]: RemoteModule<Id> } = {
  'mf_catalog/HomePage': { default: HomePage },
  'mf_catalog/AllGamesPage': { default: AllGamesPage },
  'mf_catalog/CategoriesRedirect': { default: CategoriesRedirect },
  'mf_catalog/CategoryPage': { default: CategoryPage },
  'mf_catalog/SearchPage': { default: SearchPage },
  'mf_catalog/TagPage': { default: TagPage },
  'mf_player/PlayPage': { default: PlayPage },
  'mf_account/AccountMenu': { default: AccountMenu },
  'mf_account/ModalHost': { default: ModalHost },
  'mf_account/ProfilePage': { default: ProfilePage },
};

/** Never thrown here: one bundle has no other build to notice. */
export class NewVersionError extends Error {}

export function initRemotes(_config: Pick<RuntimeConfig, 'remotes'>): void {
  // Nothing to register: the modules are part of this bundle.
}

export function trackMount(_remote: RemoteName): () => void {
  return () => undefined;
}

export function newVersionDeployed(_name: RemoteName): Promise<boolean> {
  return Promise.resolve(false);
}

export function loadedRemoteModule<Id extends RemoteModuleId>(id: Id): RemoteModule<Id> {
  return MODULES[id];
}

export function loadRemoteModule<Id extends RemoteModuleId>(id: Id): Promise<RemoteModule<Id>> {
  return Promise.resolve(MODULES[id]);
}

export function afterRenderFailure(_name: RemoteName): Promise<'reload' | 'reloaded' | 'same'> {
  return Promise.resolve('same');
}
