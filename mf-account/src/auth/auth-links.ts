import { INFO_TOASTS, MODAL_KINDS, type ModalKind } from 'shared-contracts/account';

/** product §2/§6: the hashes that open a dialog, and what a signed-in visitor is told instead. */
export const AUTH_HASHES: Record<string, { kind: ModalKind; alreadySignedIn: string }> = {
  '#signup': { kind: MODAL_KINDS.signUp, alreadySignedIn: INFO_TOASTS.alreadySignedUp },
  '#signin': { kind: MODAL_KINDS.signIn, alreadySignedIn: INFO_TOASTS.alreadySignedIn },
};

/** The verification mail links to `/?activation_token=…` (account API). */
export const ACTIVATION_PARAM = 'activation_token';

/** Does this address ask for the account part (a dialog hash or an activation link)? */
export function linkNeedsAccount(location: { hash: string; search: string }): boolean {
  return location.hash.toLowerCase() in AUTH_HASHES || new URLSearchParams(location.search).has(ACTIVATION_PARAM);
}
