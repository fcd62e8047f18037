import type { ComponentType } from 'react';
import type { AccountRemoteConfig, Brand } from '../config/runtime';

/** Container names (architecture.md §2). */
export const REMOTE_NAMES = ['mf_catalog', 'mf_player', 'mf_account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface HomePageProps {
  brand: Brand;
}

/** The play page frames only links on these origins (RuntimeConfig.gameHosts; absent: the catalogue's hosts). */
export interface PlayPageProps {
  gameHosts?: readonly string[];
}

/** Every account mount gets the account settings from the shell's runtime config. */
export interface AccountMountProps {
  config: AccountRemoteConfig;
}

/**
 * What each remote exposes and the props each takes: the single source of truth.
 * Every exposed module's default export is the component. The shell's loader is typed
 * by this map, and each remote type-checks its exposes against it (see exposes.check.ts there).
 */
export interface RemoteModules {
  'mf_catalog/HomePage': ComponentType<HomePageProps>;
  'mf_catalog/AllGamesPage': ComponentType;
  'mf_catalog/CategoriesRedirect': ComponentType;
  'mf_catalog/CategoryPage': ComponentType;
  'mf_catalog/SearchPage': ComponentType;
  'mf_player/PlayPage': ComponentType<PlayPageProps>;
  'mf_account/AccountMenu': ComponentType<AccountMountProps>;
  'mf_account/ModalHost': ComponentType<AccountMountProps>;
  'mf_account/ProfilePage': ComponentType<AccountMountProps>;
}
export type RemoteModuleId = keyof RemoteModules;
export type RemoteOf<Id extends RemoteModuleId> = Id extends `${infer R}/${string}` ? R & RemoteName : never;
/** The expose key ("./HomePage") a module id maps to inside its container. */
export type ExposeKey<Id extends RemoteModuleId> = Id extends `${string}/${infer E}` ? `./${E}` : never;
/** The module shape a remote must export for an id. */
export type RemoteModule<Id extends RemoteModuleId> = { default: RemoteModules[Id] };

/** Exposes of one remote, as its rspack config must declare them. */
export type ExposesOf<R extends RemoteName> = {
  [Id in RemoteModuleId as RemoteOf<Id> extends R ? ExposeKey<Id> : never]: RemoteModule<Id>;
};

export const remoteOf = (id: RemoteModuleId): RemoteName => id.split('/')[0] as RemoteName;
