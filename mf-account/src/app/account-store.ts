import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { type AccountRemoteConfig } from '@portal/shared-contracts';
import { emit } from '@portal/runtime';
import { createAccountApi } from '../api/account-api';
import { createApiClient } from '../api/api-client';
import { upload } from '../profile/profile-actions';
import { startLibrarySync } from '../library-sync';
import { navigateTo } from '../session/navigation';
import { sessionRejected } from '../session';
import { browserTokens, createTokenStore } from '../api/token-store';
import type { AccountServices } from '../store/services';
import { createToastNotifier } from '../store/toast-notifier';
import { rootReducer } from './root-reducer';
import { rootSaga } from './root-saga';

export interface AccountStoreOptions {
  config: AccountRemoteConfig;
  services?: Partial<Omit<AccountServices, 'api'>>;
}

export function createAccountStore({ config, services: overrides = {} }: AccountStoreOptions) {
  const tokens = overrides.tokens ?? createTokenStore(window.localStorage);
  // The interceptor needs dispatch, and dispatch needs the store: bind it once both exist.
  let dispatchSessionRejected: (status: number) => void = () => undefined;
  const client = createApiClient({
    baseURL: config.accountApiUrl,
    readToken: tokens.readAccess,
    onSessionRejected: (status) => {
      dispatchSessionRejected(status);
    },
  });
  // The notifier asks the store whether a dialog is open; the store is made below.
  let dialogOpen = () => false;
  const services: AccountServices = {
    api: createAccountApi(client),
    notify: createToastNotifier(() => dialogOpen()),
    navigate: navigateTo,
    tokens,
    sessionStorage: window.sessionStorage,
    announceSession: (signedIn) => {
      emit('session:changed', { signedIn });
    },
    // Only the page's own store (getAccountStore) syncs the library.
    librarySync: { signedIn: () => undefined },
    storageEvents: window,
    now: () => Date.now(),
    ...overrides,
  };
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => {
      console.error('[mf-account] saga crashed', error);
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: false,
        // The upload request carries the chosen File, which is not serialisable by design.
        serializableCheck: { ignoredActions: [upload.pending.type] },
      }).concat(sagaMiddleware),
  });
  dispatchSessionRejected = (status) => store.dispatch(sessionRejected({ status }));
  dialogOpen = () => store.getState().modal.kind !== null;
  sagaMiddleware.run(rootSaga, services);
  return store;
}

export type AccountStore = ReturnType<typeof createAccountStore>;
export type AccountDispatch = AccountStore['dispatch'];

let sharedStore: AccountStore | null = null;

/**
 * The exposed components mount in different places of the shell's tree but must see one
 * account: the first mount creates the store with its config, later mounts reuse it.
 */
export function getAccountStore(config: AccountRemoteConfig): AccountStore {
  sharedStore ??= createAccountStore({
    config,
    services: { librarySync: startLibrarySync({ baseURL: config.accountApiUrl, readToken: browserTokens().readAccess }) },
  });
  return sharedStore;
}
