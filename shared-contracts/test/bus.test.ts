import { emit, on, openModal } from '../src';
import { MODAL_KINDS } from '../src/account';

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

describe('a dialog asked for while nobody listens (the modal host still loading)', () => {
  afterEach(() => jest.useRealTimers());

  test('reaches the first listener that subscribes, once', () => {
    openModal(MODAL_KINDS.signIn);
    const first = jest.fn();
    const offFirst = on('modal:open', first);
    expect(first).toHaveBeenCalledWith({ kind: 'sign_in' });
    offFirst();
    const second = jest.fn();
    const offSecond = on('modal:open', second);
    offSecond();
    expect(second).not.toHaveBeenCalled();
  });

  test('is dropped when the dialog is closed meanwhile, or after ten seconds', () => {
    jest.useFakeTimers();
    const late = jest.fn();
    openModal(MODAL_KINDS.signUp);
    emit('modal:close', {});
    on('modal:open', late)();
    openModal(MODAL_KINDS.signUp);
    jest.advanceTimersByTime(10_000);
    on('modal:open', late)();
    expect(late).not.toHaveBeenCalled();
  });

  test('a request heard by a listener is not handed again to the next one', () => {
    const off = on('modal:open', () => undefined);
    openModal(MODAL_KINDS.signIn);
    off();
    const next = jest.fn();
    on('modal:open', next)();
    expect(next).not.toHaveBeenCalled();
  });
});
