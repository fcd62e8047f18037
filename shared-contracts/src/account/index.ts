// The account's contracts: its API, its dialogs' validation and texts, its sessions and modals.
// A subpath of its own ('@portal/shared-contracts/account'), not part of the shared singleton the shell
// provides at start-up: pure data and functions, bundled by the account remote and the account
// API that use them, so a first visit that opens no dialog does not download them.
export * from './api';
export * from './messages';
export * from './modal';
export * from './session';
export * from './validation';
