import { MODAL_KINDS, type ModalKind } from '@portal/shared-contracts/account';

// What ModalHost reads on every first visit: kept free of the account's texts, which would bring
// the whole messages module into that chunk (use-auth-hash.ts pairs each hash with its text).

/** product §2/§6: the hashes that open a dialog. */
export const AUTH_HASH_KINDS: Record<string, ModalKind> = {
  '#signup': MODAL_KINDS.signUp,
  '#signin': MODAL_KINDS.signIn,
};

/** The verification mail links to `/?activation_token=…` (account API). */
export const ACTIVATION_PARAM = 'activation_token';

/** Does this address ask for the account part (a dialog hash or an activation link)? */
export function linkNeedsAccount(location: { hash: string; search: string }): boolean {
  return location.hash.toLowerCase() in AUTH_HASH_KINDS || new URLSearchParams(location.search).has(ACTIVATION_PARAM);
}
