import { STORAGE_KEYS } from '@portal/shared-contracts';
import { fakeServices, sampleUser } from '../testing/fakes';

/** Each call of product §7 goes to its path with its encoding. */
describe('account API calls', () => {
  it('register: form-encoded sign-up payload with the captcha token', async () => {
    const { services, http } = fakeServices();
    http.onPost('/register/').reply(201, { message: 'ok' });
    const signUp = {
      username: 'ada',
      email: 'a@b.co',
      firstName: 'Ada',
      lastName: 'L',
      password: 'Pw#12345',
      captcha_token: 'tok',
    };
    await services.api.register(signUp);
    const request = http.history.post[0]!;
    expect(String(request.headers?.['Content-Type'])).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(request.data)))).toEqual(signUp);
  });

  it('login: JSON username/password', async () => {
    const { services, http } = fakeServices();
    http.onPost('/login/').reply(200, { access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
    await expect(services.api.login({ username: 'ada', password: 'pw', captcha_token: 't' })).resolves.toMatchObject({
      access_token: 'a',
    });
    expect(JSON.parse(String(http.history.post[0]!.data))).toEqual({ username: 'ada', password: 'pw', captcha_token: 't' });
  });

  it('form-encoded verify, resend, forgot and reset', async () => {
    const { services, http } = fakeServices();
    http.onPost().reply(200, { message: 'ok' });
    await services.api.verifyEmail({ email: 'a@b.co', verification_code: '123456' });
    await services.api.resendVerification({ email: 'a@b.co' });
    await services.api.forgotPassword({ email: 'a@b.co' });
    await services.api.resetPassword({ email: 'a@b.co', reset_code: '654321', new_password: 'Pw#12345' });
    expect(http.history.post.map((r) => [r.url, String(r.data)])).toEqual([
      ['/verify-email/', 'email=a%40b.co&verification_code=123456'],
      ['/resend-verification-email/', 'email=a%40b.co'],
      ['/forgot-password/', 'email=a%40b.co'],
      ['/reset-password/', 'email=a%40b.co&reset_code=654321&new_password=Pw%2312345'],
    ]);
  });

  it('query-parameter calls: save_picture, activate-user', async () => {
    const { services, http } = fakeServices();
    http.onPost().reply(200, {});
    await services.api.savePicture({ picture_url: 'abc.png' });
    await services.api.activateUser({ token: 'tok' });
    expect(http.history.post.map((r): unknown[] => [r.url, r.params, r.data ?? null])).toEqual([
      ['/api/save_picture', { picture_url: 'abc.png' }, null],
      ['/api/activate-user', { token: 'tok' }, null],
    ]);
  });

  it('personal data goes in a JSON body, never the URL: save_profile and update-password', async () => {
    const { services, http } = fakeServices();
    http.onPost().reply(200, { detail: 'ok', access_token: 'a', refresh_token: 'r', token_type: 'bearer' });
    await services.api.saveProfile({ city: 'Paris', dob: '2000-01-02', phone: '+33 1 23 45 67 89' });
    await services.api.updatePassword({ old_password: 'Old-Passw0rd!', new_password: 'New-Passw0rd!' });
    const [profile, password] = http.history.post;
    expect(profile!.url).toBe('/api/save_profile');
    expect(profile!.params).toBeUndefined();
    expect(String(profile!.headers?.['Content-Type'])).toContain('application/json');
    expect(JSON.parse(String(profile!.data))).toEqual({ city: 'Paris', dob: '2000-01-02', phone: '+33 1 23 45 67 89' });
    expect(password!.url).toBe('/api/update-password');
    expect(password!.params).toBeUndefined();
    expect(JSON.parse(String(password!.data))).toEqual({ old_password: 'Old-Passw0rd!', new_password: 'New-Passw0rd!' });
  });

  it('session calls: refresh-token and logout send the refresh token as JSON, without the bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    const { services, http } = fakeServices();
    http.onPost('/api/refresh-token').reply(200, { access_token: 'a2', refresh_token: 'r2', token_type: 'bearer' });
    http.onPost('/api/logout').reply(200, { detail: 'Logged out' });
    await expect(services.api.refreshToken({ refresh_token: 'r1' })).resolves.toMatchObject({ refresh_token: 'r2' });
    await expect(services.api.logout({ refresh_token: 'r2' })).resolves.toEqual({ detail: 'Logged out' });
    for (const request of http.history.post) expect(request.headers?.Authorization).toBeUndefined();
    expect(http.history.post.map((r): unknown => JSON.parse(String(r.data)))).toEqual([
      { refresh_token: 'r1' },
      { refresh_token: 'r2' },
    ]);
    localStorage.clear();
  });

  it('upload: multipart with the file; user info: POST without body; balance: GET', async () => {
    const { services, http } = fakeServices();
    http.onPost('/api/upload').reply(200, { name: 'n.png' });
    http.onPost('/get-user-info/').reply(200, sampleUser());
    http.onGet('/api/balance').reply(200, { balance: 5, currency: 'coins', updated_at: 'x' });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await expect(services.api.upload(file)).resolves.toEqual({ name: 'n.png' });
    const form = http.history.post[0]!.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('me.png');
    await expect(services.api.getUserInfo()).resolves.toMatchObject({ username: 'ada' });
    await expect(services.api.getBalance()).resolves.toMatchObject({ balance: 5 });
  });
});
