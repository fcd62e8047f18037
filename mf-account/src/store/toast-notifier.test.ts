import { toast } from 'react-toastify';
import { mockViewportWidth } from '@portal/build-config/jest/viewport';
import { createToastNotifier, DIALOG_TOASTS_ID } from './toast-notifier';

jest.mock('react-toastify', () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));

const errorToast = jest.mocked(toast.error);

beforeEach(() => errorToast.mockClear());

describe('the account toasts', () => {
  test('one toast per message at a time: the message is its id unless the caller names one', () => {
    const notify = createToastNotifier();
    notify.error('Incorrect username or password');
    notify.error('Incorrect username or password');
    expect(errorToast.mock.calls.map(([, options]) => options?.toastId)).toEqual([
      'Incorrect username or password',
      'Incorrect username or password',
    ]);
    notify.error('Session expired!', { toastId: 'session-expired', autoClose: 3000 });
    expect(errorToast).toHaveBeenLastCalledWith('Session expired!', { toastId: 'session-expired', autoClose: 3000 });
  });

  test.each([390, 768, 1024])('at %i px, with a dialog open, they go inside the dialog, never over it', (width) => {
    mockViewportWidth(width);
    let open = true;
    const notify = createToastNotifier(() => open);
    notify.error('Failed to sign in');
    expect(errorToast).toHaveBeenLastCalledWith('Failed to sign in', expect.objectContaining({ containerId: DIALOG_TOASTS_ID }));
    open = false;
    notify.error('Failed to sign in');
    expect(errorToast.mock.calls.at(-1)?.[1]).not.toHaveProperty('containerId');
  });

  test('at 1440 px the top-right toasts clear a centred dialog: they stay in the shell', () => {
    mockViewportWidth(1440);
    createToastNotifier(() => true).error('Failed to sign in');
    expect(errorToast.mock.calls.at(-1)?.[1]).not.toHaveProperty('containerId');
  });
});
