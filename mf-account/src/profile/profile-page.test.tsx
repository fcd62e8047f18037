import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@portal/shared-contracts';
import { ERROR_FALLBACKS, SUCCESS_TOASTS, VALIDATION_MESSAGES } from '@portal/shared-contracts/account';
import { sampleUser, validToken } from '../testing/fakes';
import { api, http, renderAccount } from '../testing/render-account';
import { PICTURE_TYPE_MESSAGE } from './picture-card';
import { ProfilePage } from './profile-page';
import { changedFields, formValuesFrom } from './profile-form-values';
import { pictureSrc, initialsOf } from '../ui/picture-url';

const BALANCE = { balance: 1250, currency: 'coins', updated_at: '2026-01-01T00:00:00Z' };

beforeEach(() => {
  http.reset();
  localStorage.clear();
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

function signedIn(user = sampleUser()) {
  localStorage.setItem(STORAGE_KEYS.token, validToken());
  http.onPost(api('/get-user-info/')).reply(200, user);
  http.onGet(api('/api/balance')).reply(200, BALANCE);
}

describe('ProfilePage', () => {
  it('signed out: asks the visitor to sign in', async () => {
    const { store } = renderAccount(<ProfilePage />);
    expect(screen.getByRole('heading', { name: 'Sign in to see your profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(store.getState().modal.kind).toBe('sign_in');
  });

  it('loading, then the player, every profile field and the balance', async () => {
    signedIn(sampleUser({ dob: '1990-12-10', city: 'London', gender: 'Female' }));
    renderAccount(<ProfilePage />);
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    for (const label of [
      'First name',
      'Last name',
      'Date of birth',
      'Gender',
      'Phone',
      'Street address',
      'Street address line 2',
      'City',
      'State / Province',
      'Postal code',
      'Country',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-12-10');
    expect(screen.getByLabelText('Gender')).toHaveValue('Female');
    expect(await screen.findByTestId('balance-amount')).toHaveTextContent('1,250 coins');
  });

  it('an error loading the player shows it with a retry', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).replyOnce(500, {}).onPost(api('/get-user-info/')).reply(200, sampleUser());
    http.onGet(api('/api/balance')).reply(200, BALANCE);
    renderAccount(<ProfilePage />);
    expect(await screen.findByText(ERROR_FALLBACKS.userInfo)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('a balance error is shown with a retry', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    http.onGet(api('/api/balance')).replyOnce(500, {}).onGet(api('/api/balance')).reply(200, BALANCE);
    renderAccount(<ProfilePage />);
    expect(await screen.findByText(ERROR_FALLBACKS.balance)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('balance-amount')).toBeInTheDocument();
  });

  it('saves only the changed fields through save_profile, refetches and toasts', async () => {
    signedIn();
    const { notify } = renderAccount(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    http.onPost(api('/api/save_profile')).reply(200, sampleUser({ city: 'Paris', dob: '1990-01-02' }));
    http.onPost(api('/get-user-info/')).reply(200, sampleUser({ city: 'Paris', dob: '1990-01-02' }));
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await user.type(screen.getByLabelText('City'), 'Paris');
    await user.type(screen.getByLabelText('Date of birth'), '1990-01-02');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.profileUpdated);
    });
    const save = http.history.post.find((r) => r.url === '/api/save_profile');
    expect(save?.params).toBeUndefined();
    expect(JSON.parse(String(save?.data))).toEqual({ city: 'Paris', dob: '1990-01-02' });
    expect(await screen.findByText('✓ Saved')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Paris');
  });

  it('refuses to blank the names; a failed save shows the error', async () => {
    signedIn();
    renderAccount(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const form = screen.getByRole('form', { name: 'Personal details' });
    expect(within(form).getByRole('alert')).toHaveTextContent('First and last name cannot be empty.');
    http
      .onPost(api('/api/save_profile'))
      .reply(422, { detail: [{ loc: ['query', 'phone'], msg: 'phone may hold digits', type: 'value_error' }] });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Phone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(within(form).getByRole('alert')).toHaveTextContent('phone may hold digits');
    });
  });

  it('changes the password through update-password with the product §5 checks', async () => {
    signedIn();
    const { notify } = renderAccount(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    http
      .onPost(api('/api/update-password'))
      .reply(200, { detail: 'Password updated successfully', access_token: 'new', refresh_token: 'newr', token_type: 'bearer' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.passwordFieldsRequired);
    await user.type(within(form).getByLabelText('Current password'), 'Old#12345');
    await user.type(within(form).getByLabelText('New password'), 'weak');
    await user.type(within(form).getByLabelText('Confirm new password'), 'weak2');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.passwordsDoNotMatch);
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'weak');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.passwordCriteria);
    await user.clear(within(form).getByLabelText('New password'));
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('New password'), 'New#12345');
    await user.type(within(form).getByLabelText('Confirm new password'), 'New#12345');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    await waitFor(() => {
      expect(notify.success).toHaveBeenCalledWith('Password updated successfully');
    });
    const change = http.history.post.find((r) => r.url === '/api/update-password');
    expect(change?.params).toBeUndefined();
    expect(JSON.parse(String(change?.data))).toEqual({ old_password: 'Old#12345', new_password: 'New#12345' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    await waitFor(() => {
      expect(within(form).getByLabelText('Current password')).toHaveValue('');
    });
  });

  it('picture: preview, then upload → save_picture → refetch → toast', async () => {
    signedIn();
    const { notify, container } = renderAccount(<ProfilePage />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    http.onPost(api('/api/upload')).reply(200, { name: 'abc.png' });
    http.onPost(api('/api/save_picture')).reply(200, sampleUser({ picture_url: 'abc.png' }));
    http.onPost(api('/get-user-info/')).reply(200, sampleUser({ picture_url: 'abc.png' }));
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Profile picture file');
    await user.upload(input, new File(['gif'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText(PICTURE_TYPE_MESSAGE)).toBeInTheDocument();
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(screen.getByText('me.png')).toBeInTheDocument();
    expect(container.querySelector('.acc-player-card img')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    await waitFor(() => {
      expect(notify.success).toHaveBeenCalledWith(SUCCESS_TOASTS.profileUpdated);
    });
    expect(http.history.post.map((r) => r.url)).toEqual([
      '/get-user-info/',
      '/api/upload',
      '/api/save_picture',
      '/get-user-info/',
    ]);
    await waitFor(() => {
      expect(container.querySelector('.acc-player-card img')).toHaveAttribute('src', 'http://api.test/uploads/abc.png');
    });
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });

  it('a 401 while loading the balance logs out', async () => {
    localStorage.setItem(STORAGE_KEYS.token, validToken());
    http.onPost(api('/get-user-info/')).reply(200, sampleUser());
    http.onGet(api('/api/balance')).reply(401, { detail: 'Not authenticated' });
    const { navigate } = renderAccount(<ProfilePage />);
    await waitFor(() => {
      expect(localStorage.getItem(STORAGE_KEYS.token) !== null).toBe(false);
    });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your profile' })).toBeInTheDocument();
    await act(() => Promise.resolve());
  });
});

describe('profile helpers', () => {
  it('form values and changed fields', () => {
    const user = sampleUser({ city: 'London' });
    const values = { ...formValuesFrom(user), city: ' Paris ', phone: '' };
    expect(changedFields(values, user)).toEqual({ city: 'Paris' });
    expect(changedFields({ ...values, city: '' }, user)).toEqual({ city: '' });
  });

  it('picture URLs and initials', () => {
    expect(pictureSrc('abc.png', 'http://api.test/')).toBe('http://api.test/uploads/abc.png');
    expect(pictureSrc('/uploads/abc.png', 'http://api.test')).toBe('http://api.test/uploads/abc.png');
    expect(pictureSrc('https://cdn.test/x.png', 'http://api.test')).toBe('https://cdn.test/x.png');
    expect(pictureSrc(null, 'http://api.test')).toBeNull();
    expect(initialsOf(sampleUser())).toBe('AL');
    expect(initialsOf(sampleUser({ first_name: null, last_name: null, username: 'zed' }))).toBe('ZE');
  });
});
