import { expect, latestMail, test } from '../fixtures';

// The account API as a browser on the site's origin sees it: CORS preflights, the bearer
// header, multipart upload, and a picture served from the API's origin into the site.
// The UI flows (modals, profile) are covered by the account area's own spec.

const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function newPlayer() {
  const id = `api${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.com`, firstName: 'Api', lastName: 'Player', password: 'Tr0mbone-Kettle!' };
}

test.describe('account API from the site', () => {
  test('sign-up, verification, sign-in, profile and picture work cross-origin from the shell', async ({ page, apiUrl }) => {
    const player = newPlayer();
    await page.goto('/');

    const signup = await page.evaluate(
      async ({ apiUrl, player }) => {
        const response = await fetch(`${apiUrl}/register/`, { method: 'POST', body: new URLSearchParams(player) });
        return { status: response.status, body: (await response.json()) as { detail?: string } };
      },
      { apiUrl, player },
    );
    expect(signup.status).toBe(201);

    const blocked = await page.evaluate(
      async ({ apiUrl, player }) => {
        const response = await fetch(`${apiUrl}/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: player.email, password: player.password }),
        });
        return { status: response.status, body: (await response.json()) as { detail?: string } };
      },
      { apiUrl, player },
    );
    expect(blocked.status).toBe(403);
    expect(blocked.body.detail).toContain('Email not verified');

    const { code } = await latestMail(page, apiUrl, player.email);
    expect(code).toMatch(/^\d{6}$/);

    const journey = await page.evaluate(
      async ({ apiUrl, player, code, png }) => {
        const post = (path: string, init: RequestInit = {}) => fetch(`${apiUrl}${path}`, { method: 'POST', ...init });
        const verified = await post('/verify-email/', {
          body: new URLSearchParams({ email: player.email, verification_code: code }),
        });
        const login = await post('/login/', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: player.username, password: player.password }),
        });
        const { access_token } = (await login.json()) as { access_token: string };
        const auth = { authorization: `Bearer ${access_token}` };

        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'me.png');
        const upload = await post('/api/upload', { headers: auth, body: form });
        const { name } = (await upload.json()) as { name: string };
        const picture = await post(`/api/save_picture?picture_url=${encodeURIComponent(name)}`, { headers: auth });
        const profile = await post('/api/save_profile?city=Lyon&dob=1990-05-17', { headers: auth });
        const me = (await (await post('/get-user-info/', { headers: auth })).json()) as { picture_url: string };
        const balance: unknown = await (await fetch(`${apiUrl}/api/balance`, { headers: auth })).json();

        // The picture must render inside the site although it lives on the API's origin.
        const img = document.createElement('img');
        const loaded = new Promise<number>((resolve) => {
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(-1);
        });
        img.src = `${apiUrl}/uploads/${me.picture_url}`;
        document.body.append(img);

        return {
          statuses: [verified.status, login.status, upload.status, picture.status, profile.status],
          me,
          balance,
          pictureWidth: await loaded,
        };
      },
      { apiUrl, player, code: code ?? '', png: TINY_PNG_BASE64 },
    );
    expect(journey.statuses).toEqual([200, 200, 200, 200, 200]);
    expect(journey.me).toMatchObject({
      username: player.username,
      email: player.email,
      city: 'Lyon',
      dob: '1990-05-17',
      email_verified: true,
    });
    expect(journey.me.picture_url).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(journey.balance).toMatchObject({ balance: 0, currency: 'COINS' });
    expect(journey.pictureWidth).toBe(1);
  });

  test('errors reach the page as {"detail"} and a rejected token is a 401', async ({ page, apiUrl }) => {
    await page.goto('/');
    const result = await page.evaluate(async (apiUrl) => {
      const invalid = await fetch(`${apiUrl}/register/`, { method: 'POST', body: new URLSearchParams({ email: 'nope' }) });
      const noToken = await fetch(`${apiUrl}/get-user-info/`, {
        method: 'POST',
        headers: { authorization: 'Bearer not-a-token' },
      });
      return {
        invalid: { status: invalid.status, body: (await invalid.json()) as { detail: { loc: string[] }[] } },
        noToken: { status: noToken.status, body: (await noToken.json()) as { detail: string } },
      };
    }, apiUrl);
    expect(result.invalid.status).toBe(422);
    expect(result.invalid.body.detail.map((item: { loc: string[] }) => item.loc[1])).toEqual([
      'username',
      'email',
      'firstName',
      'lastName',
      'password',
    ]);
    expect(result.noToken).toEqual({ status: 401, body: { detail: 'Could not validate credentials' } });
  });

  test('an origin that is not the site cannot call it from a browser', async ({ page, apiUrl, ports }) => {
    // The catalogue remote's own server: a real page, but not a site origin in CORS_ORIGINS.
    await page.goto(`http://localhost:${ports.mf_catalog}/`);
    const outcome = await page.evaluate(async (apiUrl) => {
      try {
        await fetch(`${apiUrl}/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return 'answered';
      } catch {
        return 'blocked';
      }
    }, apiUrl);
    expect(outcome).toBe('blocked');
  });
});
