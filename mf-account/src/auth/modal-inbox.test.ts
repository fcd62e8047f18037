import { MODAL_KINDS } from '@portal/shared-contracts/account';
import { emit, openModal } from '@portal/runtime';
import {
  askForDialog,
  listenForModalAsks,
  MODAL_ASK_TTL_MS,
  modalAskWaiting,
  takeModalAsks,
  type ModalTaker,
} from './modal-inbox';

const recordingTaker = () => ({ open: jest.fn(), close: jest.fn() }) satisfies ModalTaker;

beforeAll(() => {
  listenForModalAsks();
});
afterEach(() => {
  jest.restoreAllMocks();
  // Nothing waits into the next test.
  emit('modal:close', {});
});

describe('the modal inbox (decision 0049)', () => {
  it('an ask made before the dialogs listen waits, and the first taker gets it once', () => {
    openModal(MODAL_KINDS.signUp);
    expect(modalAskWaiting()).toBe(true);
    const first = recordingTaker();
    const release = takeModalAsks(first);
    expect(first.open).toHaveBeenCalledTimes(1);
    expect(first.open).toHaveBeenCalledWith({ kind: 'sign_up' });
    expect(modalAskWaiting()).toBe(false);
    release();
    const second = recordingTaker();
    takeModalAsks(second)();
    expect(second.open).not.toHaveBeenCalled();
  });

  it("the part's own asks (no bus) wait and are taken the same way", () => {
    askForDialog({ kind: MODAL_KINDS.signIn });
    expect(modalAskWaiting()).toBe(true);
    const taker = recordingTaker();
    const release = takeModalAsks(taker);
    expect(taker.open).toHaveBeenCalledWith({ kind: 'sign_in' });
    askForDialog({ kind: MODAL_KINDS.signUp });
    expect(taker.open).toHaveBeenLastCalledWith({ kind: 'sign_up' });
    expect(modalAskWaiting()).toBe(false);
    release();
  });

  it('while a taker listens, asks go straight to it and none is kept', () => {
    const taker = recordingTaker();
    const release = takeModalAsks(taker);
    openModal(MODAL_KINDS.verifyEmail, { email: 'a@b.co' });
    emit('modal:close', {});
    expect(taker.open).toHaveBeenCalledWith({ kind: 'VERIFY_EMAIL', props: { email: 'a@b.co' } });
    expect(taker.close).toHaveBeenCalledTimes(1);
    release();
    expect(modalAskWaiting()).toBe(false);
  });

  it('the latest ask wins; a close drops what waits', () => {
    openModal(MODAL_KINDS.signIn);
    openModal(MODAL_KINDS.signUp);
    const taker = recordingTaker();
    takeModalAsks(taker)();
    expect(taker.open.mock.calls).toEqual([[{ kind: 'sign_up' }]]);
    openModal(MODAL_KINDS.signIn);
    emit('modal:close', {});
    expect(modalAskWaiting()).toBe(false);
    const next = recordingTaker();
    takeModalAsks(next)();
    expect(next.open).not.toHaveBeenCalled();
  });

  it('a stale ask is dropped: a dialog never pops up long after the click', () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    openModal(MODAL_KINDS.signIn);
    now.mockReturnValue(1_000_000 + MODAL_ASK_TTL_MS);
    const taker = recordingTaker();
    takeModalAsks(taker)();
    expect(taker.open).not.toHaveBeenCalled();
    expect(modalAskWaiting()).toBe(false);
  });

  it('a released taker no longer gets asks: they wait for the next one', () => {
    const gone = recordingTaker();
    takeModalAsks(gone)();
    openModal(MODAL_KINDS.forgotPassword);
    expect(gone.open).not.toHaveBeenCalled();
    expect(modalAskWaiting()).toBe(true);
  });
});
