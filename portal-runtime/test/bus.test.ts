import { emit, on, openModal } from '../src';
import { MODAL_KINDS } from '@portal/shared-contracts/account';

test('typed bus delivers payloads to subscribers until they unsubscribe', () => {
  const seen: unknown[] = [];
  const off = on('modal:open', (payload) => seen.push(payload));
  openModal(MODAL_KINDS.verifyEmail, { email: 'a@b.co' });
  emit('modal:open', { kind: MODAL_KINDS.signIn });
  off();
  openModal(MODAL_KINDS.signUp);
  expect(seen).toEqual([{ kind: 'VERIFY_EMAIL', props: { email: 'a@b.co' } }, { kind: 'sign_in' }]);
});

test('events of one name do not reach listeners of another', () => {
  const session = jest.fn();
  const off = on('session:changed', session);
  openModal(MODAL_KINDS.signIn);
  emit('session:changed', { signedIn: true });
  off();
  expect(session).toHaveBeenCalledTimes(1);
  expect(session).toHaveBeenCalledWith({ signedIn: true });
});

test('fire and forget: an event emitted while nobody listens is not kept for a later listener', () => {
  openModal(MODAL_KINDS.signIn);
  const late = jest.fn();
  const off = on('modal:open', late);
  off();
  expect(late).not.toHaveBeenCalled();
});
