import type { ComponentType } from 'react';
import type { AccountRemoteConfig, Brand } from '../config/runtime';
import parts from '../../../parts.json';

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
  'mf_catalog/TagPage': ComponentType;
  'mf_player/PlayPage': ComponentType<PlayPageProps>;
  'mf_account/AccountMenu': ComponentType<AccountMountProps>;
  'mf_account/ModalHost': ComponentType<AccountMountProps>;
  'mf_account/ProfilePage': ComponentType<AccountMountProps>;
}
export type RemoteModuleId = keyof RemoteModules;
type ContainerOf<Id> = Id extends `${infer R}/${string}` ? R : never;
/** Container names (docs/architecture.md): every remote RemoteModules declares. */
export type RemoteName = ContainerOf<RemoteModuleId>;
/** Every remote, in the order of the registry of parts (parts.json at the repository root). */
export const REMOTE_NAMES: readonly RemoteName[] = parts.remotes.map((remote) => remote.container as RemoteName);
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

/** Props a component takes (one empty record type for every component that takes none). */
export type PropsOf<C> = C extends ComponentType<infer P> ? ([keyof P] extends [never] ? object : P) : never;
/** true when A and B are the same type: neither wider nor narrower. */
// The deferred-conditional idiom compares A and B exactly; its T is used once on purpose.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export type Exactly<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/**
 * `true` when a module exports as default a component taking exactly the props the contract
 * declares for Id; otherwise an object naming the module and both prop types (tsc prints it).
 */
export type ExposeMatches<Id extends RemoteModuleId, M> = M extends { default: infer C }
  ? Exactly<PropsOf<C>, PropsOf<RemoteModules[Id]>> extends true
    ? true
    : { module: Id; declaredProps: PropsOf<RemoteModules[Id]>; exportedProps: PropsOf<C> }
  : { module: Id; problem: 'no default export' };
/** `true` when a list of expose keys is exactly the contract's for remote R; otherwise the difference. */
export type ExposeKeysMatch<R extends RemoteName, Keys extends string> = [
  Exclude<keyof ExposesOf<R>, Keys>,
  Exclude<Keys, keyof ExposesOf<R>>,
] extends [never, never]
  ? true
  : { remote: R; missing: Exclude<keyof ExposesOf<R>, Keys>; undeclared: Exclude<Keys, keyof ExposesOf<R>> };
