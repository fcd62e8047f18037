import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { INFO_TOASTS, MODAL_KINDS, SUCCESS_TOASTS, VALIDATION_MESSAGES } from '@portal/shared-contracts/account';
import { emit, openModal } from '@portal/runtime';
import { AccountMenu } from '../../profile/account-menu';
import { modalOpened } from '../modal-slice';
import { sampleUser, validToken } from '../../testing/fakes';
import { api, http, renderAccount, renderedLocation } from '../../testing/render-account';
import { ModalHost } from './modal-host';
import { TERMS_LABEL } from './sign-up-dialog';

const STRONG = 'Secret#123';

beforeEach(() => {
  http.reset();
  localStorage.clear();
  sessionStorage.clear();
});

function setup(path = '/') {
  const user = userEvent.setup();
  const rendered = renderAccount(
    <>
      <AccountMenu />
      <ModalHost />
    </>,
    { path },
  );
  const open = (kind: (typeof MODAL_KINDS)[keyof typeof MODAL_KINDS], email?: string) => {
    act(() => {
      rendered.store.dispatch(modalOpened({ kind, props: email ? { email } : {} }));
    });
  };
  return { user, open, ...rendered };
}

const dialog = () => screen.getByRole('dialog');
const alertText = () => within(dialog()).getByRole('alert').textContent;
const submit = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(dialog()).getByRole('button', { name }));
const dialogHeading = (name: string) => within(dialog()).getByRole('heading', { name });
const waitForDialogHeading = (name: string) =>
  waitFor(() => {
    expect(dialogHeading(name)).toBeInTheDocument();
  });
/** The API refuses the first POST to `path` with a 400 and `detail`, then accepts it. */
const refuseOnceThenAccept = (path: string, detail: string) =>
  http.onPost(api(path)).replyOnce(400, { detail }).onPost(api(path)).reply(200, { message: 'ok' });

describe('modal host frame', () => {
  it('shows none, then exactly one dialog', () => {
    const { open } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    open(MODAL_KINDS.signIn);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialogHeading('Sign In')).toBeInTheDocument();
  });

  it('the X button closes it and focus returns to the opener', async () => {
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Sign In' });
    await user.click(opener);
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByLabelText('Email / User ID')).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('a backdrop click closes it; a click inside does not', async () => {
    const { user, open } = setup();
    open(MODAL_KINDS.signUp);
    await user.click(within(dialog()).getByLabelText('Username'));
    expect(screen.queryByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('account-modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes it', async () => {
    const { user, open } = setup();
    open(MODAL_KINDS.forgotPassword);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps focus inside the dialog', async () => {
    const { user, open } = setup();
    open(MODAL_KINDS.forgotPassword);
    const close = within(dialog()).getByRole('button', { name: 'Close' });
    const lastButton = within(dialog()).getByRole('button', { name: 'Sign In' });
    lastButton.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(lastButton).toHaveFocus();
  });

  it('opens and closes through the shared event bus', () => {
    setup();
    act(() => {
      openModal(MODAL_KINDS.verifyEmail, { email: 'bus@example.com' });
    });
    expect(dialogHeading('Email Verification')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('bus@example.com');
    act(() => {
      emit('modal:close', {});
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('switching dialogs', () => {
  it('Sign In → Sign Up → Sign In, and the Forgot Password link', async () => {
    const { user, open } = setup();
    open(MODAL_KINDS.signIn);
    await submit(user, 'Sign Up');
    expect(dialogHeading('Sign Up')).toBeInTheDocument();
    await submit(user, 'Sign In');
    expect(dialogHeading('Sign In')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('link', { name: 'Forgot Password?' }));
    expect(dialogHeading('Forgot Your Password')).toBeInTheDocument();
    await submit(user, 'Sign In');
    expect(dialogHeading('Sign In')).toBeInTheDocument();
  });

  it('the header buttons open their dialogs', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(dialogHeading('Sign Up')).toBeInTheDocument();
  });
});

describe('Sign Up', () => {
  it('shows each validation message in product §5 order, then signs up and opens the verify dialog', async () => {
    http.onPost(api('/register/')).reply(201, { message: 'ok' });
    const { user, open, notify } = setup();
    open(MODAL_KINDS.signUp);
    const d = within(dialog());
    await submit(user, 'Sign Up');
    expect(alertText()).toBe(VALIDATION_MESSAGES.allFieldsRequired);
    // The field each message is about is marked and focused, so a screen reader lands on it; the text stays the product's.
    expect(d.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('First Name')).toHaveFocus();
    await user.type(d.getByLabelText('First Name'), 'Ada');
    await user.type(d.getByLabelText('Last Name'), 'Lovelace');
    await user.type(d.getByLabelText('Username'), 'ada');
    await user.type(d.getByLabelText('Email Address'), 'ada@example');
    await user.type(d.getByLabelText('Password'), 'weak');
    await submit(user, 'Sign Up');
    expect(alertText()).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(d.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Email Address')).toHaveFocus();
    expect(d.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    await user.type(d.getByLabelText('Email Address'), '.com');
    await submit(user, 'Sign Up');
    expect(alertText()).toBe(VALIDATION_MESSAGES.passwordCriteria);
    expect(d.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByLabelText('Password')).toHaveFocus();
    await user.clear(d.getByLabelText('Password'));
    await user.type(d.getByLabelText('Password'), STRONG);
    await submit(user, 'Sign Up');
    expect(alertText()).toBe(VALIDATION_MESSAGES.termsRequired);
    expect(d.getByRole('checkbox', { name: TERMS_LABEL })).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByRole('checkbox', { name: TERMS_LABEL })).toHaveFocus();
    expect(d.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    await user.click(d.getByRole('checkbox', { name: TERMS_LABEL }));
    await submit(user, 'Sign Up');
    expect(alertText()).toBe(VALIDATION_MESSAGES.captchaRequired);
    await user.click(d.getByRole('checkbox', { name: "I'm not a robot" }));
    await submit(user, 'Sign Up');
    await waitForDialogHeading('Email Verification');
    expect(dialog()).toHaveTextContent('ada@example.com');
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.signup);
    expect(Object.fromEntries(new URLSearchParams(String(http.history.post[0]!.data)))).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: STRONG,
      captcha_token: 'test-captcha-token',
    });
  });

  it('the terms label states agreement and being at least 18', () => {
    expect(TERMS_LABEL).toMatch(/agree/i);
    expect(TERMS_LABEL).toMatch(/18/);
  });

  it('live checklist and show/hide toggle', async () => {
    const { user, open } = setup();
    open(MODAL_KINDS.signUp);
    const d = within(dialog());
    const password = d.getByLabelText('Password');
    await user.type(password, 'abcdefgH');
    const items = d.getAllByRole('listitem');
    expect(items.map((item) => item.dataset.met)).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(d.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(d.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('a server error is toasted, the captcha is reset, the dialog stays', async () => {
    http.onPost(api('/register/')).reply(409, { detail: 'Email already registered' });
    const { user, open, notify } = setup();
    open(MODAL_KINDS.signUp);
    const d = within(dialog());
    await user.type(d.getByLabelText('First Name'), 'Ada');
    await user.type(d.getByLabelText('Last Name'), 'L');
    await user.type(d.getByLabelText('Username'), 'ada');
    await user.type(d.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(d.getByLabelText('Password'), STRONG);
    await user.click(d.getByRole('checkbox', { name: TERMS_LABEL }));
    await user.click(d.getByRole('checkbox', { name: "I'm not a robot" }));
    await submit(user, 'Sign Up');
    await waitFor(() => {
      expect(notify.error).toHaveBeenCalledWith('Email already registered');
    });
    expect(d.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    expect(d.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
  });
});

describe('Sign In', () => {
  it('validation messages, then sign-in closes the modal and goes home', async () => {
    http.onPost(api('/login/')).reply(200, { access_token: validToken(), refresh_token: 'r', token_type: 'bearer' });
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    const { user, open, notify, navigate } = setup('/all-games');
    open(MODAL_KINDS.signIn);
    const d = within(dialog());
    await submit(user, 'Sign In');
    expect(alertText()).toBe(VALIDATION_MESSAGES.signInFieldsRequired);
    await user.type(d.getByLabelText('Email / User ID'), 'ada@bad');
    await user.type(d.getByLabelText('Password'), 'whatever');
    await submit(user, 'Sign In');
    expect(alertText()).toBe(VALIDATION_MESSAGES.invalidEmail);
    await user.clear(d.getByLabelText('Email / User ID'));
    await user.type(d.getByLabelText('Email / User ID'), 'ada');
    await submit(user, 'Sign In');
    expect(alertText()).toBe(VALIDATION_MESSAGES.captchaRequired);
    await user.click(d.getByRole('checkbox', { name: "I'm not a robot" }));
    await submit(user, 'Sign In');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.signin);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r');
    expect(JSON.parse(String(http.history.post[0]!.data))).toEqual({
      username: 'ada',
      password: 'whatever',
      captcha_token: 'test-captcha-token',
    });
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
  });

  it("'Email not verified': resend + verify dialog with the email", async () => {
    http
      .onPost(api('/login/'))
      .reply(403, { detail: 'Email not verified. Enter the code we emailed you to activate your account.' });
    http.onPost(api('/resend-verification-email/')).reply(200, { message: 'sent' });
    const { user, open } = setup();
    open(MODAL_KINDS.signIn, 'ada@example.com');
    const d = within(dialog());
    expect(d.getByLabelText('Email / User ID')).toHaveValue('ada@example.com');
    await user.type(d.getByLabelText('Password'), STRONG);
    await user.click(d.getByRole('checkbox', { name: "I'm not a robot" }));
    await submit(user, 'Sign In');
    await waitForDialogHeading('Email Verification');
    await waitFor(() => {
      expect(http.history.post.map((r) => r.url)).toContain('/resend-verification-email/');
    });
    expect(String(http.history.post.find((r) => r.url === '/resend-verification-email/')!.data)).toBe('email=ada%40example.com');
  });
});

describe('Forgot Your Password', () => {
  it('validation messages, then the reset dialog with the email', async () => {
    http.onPost(api('/forgot-password/')).reply(200, { message: 'If an account exists, a code has been sent.' });
    const { user, open } = setup();
    open(MODAL_KINDS.forgotPassword);
    const d = within(dialog());
    await submit(user, 'Submit');
    expect(alertText()).toBe(VALIDATION_MESSAGES.emailRequired);
    await user.type(d.getByLabelText('Email Address'), 'nope');
    await submit(user, 'Submit');
    expect(alertText()).toBe(VALIDATION_MESSAGES.invalidEmail);
    await user.type(d.getByLabelText('Email Address'), '@example.com');
    await submit(user, 'Submit');
    await waitForDialogHeading('Reset Password');
    expect(dialog()).toHaveTextContent('nope@example.com');
  });
});

interface CodeDialog {
  kind: typeof MODAL_KINDS.verifyEmail | typeof MODAL_KINDS.resetPassword;
  path: string;
  refusal: string;
  button: string;
}
const CODE_DIALOGS = {
  verify: {
    kind: MODAL_KINDS.verifyEmail,
    path: '/verify-email/',
    refusal: 'Invalid verification code.',
    button: 'Verify Email',
  },
  reset: { kind: MODAL_KINDS.resetPassword, path: '/reset-password/', refusal: 'Invalid reset code.', button: 'Reset Password' },
} satisfies Record<string, CodeDialog>;

/**
 * Opens a code dialog for ada@example.com with the API refusing its first POST to `path` with
 * `refusal`; submits it empty (the code is asked for), then with `code`.
 */
async function submitCodeDialog({ kind, path, refusal, button }: CodeDialog, code: string) {
  refuseOnceThenAccept(path, refusal);
  const rendered = setup();
  rendered.open(kind, 'ada@example.com');
  const d = within(dialog());
  await submit(rendered.user, button);
  expect(alertText()).toBe(VALIDATION_MESSAGES.codeRequired);
  await rendered.user.type(d.getByLabelText('Verification Code'), code);
  await submit(rendered.user, button);
  return { ...rendered, d };
}

describe('Email Verification', () => {
  it('requires the code, shows a server error in red text, and on success goes to Sign In', async () => {
    const { user, notify, d } = await submitCodeDialog(CODE_DIALOGS.verify, '000000');
    await waitFor(() => {
      expect(alertText()).toBe('Invalid verification code.');
    });
    expect(d.getByRole('alert')).toHaveClass('acc-alert');
    // product §8: in red text in the dialog; shown there, it is not also toasted.
    expect(notify.error).not.toHaveBeenCalled();
    await user.clear(d.getByLabelText('Verification Code'));
    await user.type(d.getByLabelText('Verification Code'), '123456');
    await submit(user, 'Verify Email');
    await waitForDialogHeading('Sign In');
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.emailVerified);
    expect(within(dialog()).getByLabelText('Email / User ID')).toHaveValue('ada@example.com');
  });

  it('resends the code on request', async () => {
    http.onPost(api('/resend-verification-email/')).reply(200, { message: 'A new code has been sent.' });
    const { user, open, notify } = setup();
    open(MODAL_KINDS.verifyEmail, 'ada@example.com');
    await submit(user, 'Resend code');
    await waitFor(() => {
      expect(notify.info).toHaveBeenCalledWith('A new code has been sent.');
    });
  });
});

describe('Reset Password', () => {
  it('validation messages in order, server error in red, success goes to Sign In', async () => {
    const { user, notify, d } = await submitCodeDialog(CODE_DIALOGS.reset, '123456');
    expect(alertText()).toBe(VALIDATION_MESSAGES.passwordFieldsRequired);
    await user.type(d.getByLabelText('New Password'), 'weakpass');
    await user.type(d.getByLabelText('Retype Password'), 'weakpas');
    await submit(user, 'Reset Password');
    expect(alertText()).toBe(VALIDATION_MESSAGES.passwordsDoNotMatch);
    await user.type(d.getByLabelText('Retype Password'), 's');
    await submit(user, 'Reset Password');
    expect(alertText()).toBe(VALIDATION_MESSAGES.passwordCriteria);
    expect(d.getAllByRole('listitem')).toHaveLength(5);
    await user.clear(d.getByLabelText('New Password'));
    await user.clear(d.getByLabelText('Retype Password'));
    await user.type(d.getByLabelText('New Password'), STRONG);
    await user.type(d.getByLabelText('Retype Password'), STRONG);
    await submit(user, 'Reset Password');
    await waitFor(() => {
      expect(alertText()).toBe('Invalid reset code.');
    });
    expect(notify.error).not.toHaveBeenCalled();
    await submit(user, 'Reset Password');
    await waitForDialogHeading('Sign In');
    expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.passwordReset);
    expect(String(http.history.post.at(-1)!.data)).toBe('email=ada%40example.com&reset_code=123456&new_password=Secret%23123');
  });
});

describe('#signup / #signin (product §2/§6)', () => {
  it.each([
    ['#signup', 'Sign Up'],
    ['#signin', 'Sign In'],
  ])('signed out, %s opens %s and the hash is dropped', (hash, heading) => {
    setup(`/all-games${hash}`);
    expect(within(dialog()).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(renderedLocation()).toBe('/all-games');
  });

  it.each([
    ['#signup', INFO_TOASTS.alreadySignedUp],
    ['#signin', INFO_TOASTS.alreadySignedIn],
  ])('signed in, %s shows the info toast and no dialog', async (hash, message) => {
    const info = jest.spyOn(toast, 'info').mockImplementation(() => 'id');
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    setup(`/${hash}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(info).toHaveBeenCalledWith(message, expect.anything());
    expect(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeInTheDocument();
    info.mockRestore();
  });
});

describe('activation link', () => {
  it('redeems ?activation_token=, toasts and offers Sign In', async () => {
    http.onPost(api('/api/activate-user')).reply(200, { message: 'User activated successfully!' });
    const { notify } = setup('/?activation_token=abc');
    await waitFor(() => {
      expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.userActivated);
    });
    expect(http.history.post[0]?.params).toEqual({ token: 'abc' });
    expect(dialogHeading('Sign In')).toBeInTheDocument();
    expect(renderedLocation()).toBe('/');
  });
});
