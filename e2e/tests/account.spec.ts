import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, latestMail, test } from '../fixtures';

// The account remote in the composed site against the real API and its dev outbox:
// sign-up, verification, sign-in, avatar menu, profile, picture, logout, password reset,
// the #signup/#signin hashes and session expiry.

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Secret#123';
const NEW_PASSWORD = 'Changed#456';

interface Player {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

function newPlayer(): Player {
  const id = `ui${Date.now().toString(36)}${Math.floor(Math.random() * 1e5).toString(36)}`;
  return { firstName: 'Ada', lastName: 'Lovelace', username: id, email: `${id}@example.com`, password: PASSWORD };
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text).first();

/** Toasts sit top-right over the header's account slot (product §9); clear them before using it. */
async function dismissToasts(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.Toastify__close-button').forEach((button) => button.click()),
  );
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

/** Ticks the local reCAPTCHA stand-in inside a dialog. */
async function solveCaptcha(scope: Locator) {
  await scope.getByText("I'm not a robot").click();
}

async function registerViaApi(request: APIRequestContext, apiUrl: string, player: Player) {
  const response = await request.post(`${apiUrl}/register/`, {
    form: {
      username: player.username,
      email: player.email,
      firstName: player.firstName,
      lastName: player.lastName,
      password: player.password,
    },
  });
  expect(response.status()).toBe(201);
}

async function verifyViaApi(page: Page, apiUrl: string, player: Player) {
  const { code } = await latestMail(page, apiUrl, player.email);
  const response = await page.request.post(`${apiUrl}/verify-email/`, {
    form: { email: player.email, verification_code: code ?? '' },
  });
  expect(response.ok()).toBeTruthy();
}

/** A verified player signed in by storing real tokens, as the sign-in dialog would. */
async function signInViaApi(page: Page, apiUrl: string, player: Player) {
  const response = await page.request.post(`${apiUrl}/login/`, { data: { username: player.email, password: player.password } });
  expect(response.ok()).toBeTruthy();
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('token', t.access_token);
    localStorage.setItem('refresh_token', t.refresh_token);
  }, tokens);
}

/** Polls the outbox until a mail with this subject arrives (some mails are sent in the background). */
async function mailWithSubject(page: Page, apiUrl: string, to: string, subject: RegExp) {
  let found: { code: string | null; subject: string } | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${apiUrl}/__dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { subject: string; code: string | null }[];
      found = messages.find((message) => subject.test(message.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

async function signInThroughDialog(page: Page, identifier: string | null, password: string) {
  const signIn = dialog(page);
  await expect(signIn.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  if (identifier !== null) await signIn.getByLabel('Email / User ID').fill(identifier);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(signIn);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Sign-in successful!')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
}

test.describe('account', () => {
  test('sign up → code from the outbox → verify → sign in → avatar menu → profile edit and picture → logout', async ({
    page,
    apiUrl,
  }) => {
    // The whole journey in one test: sign-up, two dialogs, profile, picture, logout (about 30 requests).
    test.slow();
    const player = newPlayer();
    await page.goto('/all-games');

    // Sign up through the header button.
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const signUp = dialog(page);
    await expect(signUp.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(signUp.getByRole('alert')).toHaveText('All fields are required!');
    await signUp.getByLabel('First Name').fill(player.firstName);
    await signUp.getByLabel('Last Name').fill(player.lastName);
    await signUp.getByLabel('Username').fill(player.username);
    await signUp.getByLabel('Email Address').fill(player.email);
    await signUp.getByLabel('Password', { exact: true }).fill('short');
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(signUp.getByRole('alert')).toHaveText('Password must meet all criteria.');
    await signUp.getByLabel('Password', { exact: true }).fill(player.password);
    await expect(signUp.locator('[data-met="true"]')).toHaveCount(5);
    await signUp.getByRole('checkbox', { name: /I agree .* at least 18/ }).check();
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(signUp.getByRole('alert')).toHaveText('Please complete the CAPTCHA.');
    await solveCaptcha(signUp);
    await signUp.getByRole('button', { name: 'Sign Up', exact: true }).click();

    await expect(toast(page, 'Signup successful! Check your email to activate your account.')).toBeVisible();
    const verify = dialog(page);
    await expect(verify.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
    await expect(verify).toContainText(player.email);

    // A wrong code shows the server's error in red text; the mailed code verifies.
    await verify.getByLabel('Verification Code').fill('000000');
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await expect(verify.getByRole('alert')).toContainText('This verification code is wrong or no longer valid.');
    const { code } = await latestMail(page, apiUrl, player.email);
    expect(code).toMatch(/^\d{6}$/);
    await verify.getByLabel('Verification Code').fill(code!);
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await expect(toast(page, 'Email verified successfully.')).toBeVisible();

    // Straight on to Sign In, the email already filled in.
    await expect(dialog(page).getByLabel('Email / User ID')).toHaveValue(player.email);
    await signInThroughDialog(page, null, player.password);
    expect(
      await page.evaluate(() => [Boolean(localStorage.getItem('token')), Boolean(localStorage.getItem('refresh_token'))]),
    ).toEqual([true, true]);

    // Avatar menu → Profile.
    const avatar = page.getByRole('button', { name: `Account menu for ${player.firstName} ${player.lastName}` });
    await expect(avatar).toContainText('AL');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
    await dismissToasts(page);
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByText(`@${player.username}`)).toBeVisible();
    await expect(page.getByTestId('balance-amount')).toBeVisible();

    // Edit the profile and see it survive a reload.
    await dismissToasts(page);
    await page.getByLabel('City').fill('Lisbon');
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Postal code').fill('1000-001');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('City')).toHaveValue('Lisbon');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1990-05-17');
    await expect(page.getByLabel('Gender')).toHaveValue('Female');
    await expect(page.getByLabel('Postal code')).toHaveValue('1000-001');

    // Upload a picture: preview, save, and the avatar shows the stored picture.
    await page.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByText('me.png')).toBeVisible();
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save picture' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
    await expect(page.locator('.acc-player-card img')).toHaveAttribute('src', new RegExp(`^${apiUrl}/uploads/[0-9a-f]+\\.png$`));
    await expect(avatar.locator('img')).toHaveAttribute('src', /\/uploads\/[0-9a-f]+\.png$/);
    expect(await avatar.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Logout: tokens gone, back home, signed-out buttons.
    await dismissToasts(page);
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')])).toEqual([
      null,
      null,
    ]);
  });

  test('signing in before verifying resends the code and opens the verify dialog', async ({ page, apiUrl }) => {
    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await page.goto('/#signin');
    const signIn = dialog(page);
    await signIn.getByLabel('Email / User ID').fill(player.email);
    await signIn.getByLabel('Password', { exact: true }).fill(player.password);
    await solveCaptcha(signIn);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(toast(page, /Email not verified/)).toBeVisible();
    const verify = dialog(page);
    await expect(verify.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
    await expect(verify).toContainText(player.email);
    // The resend answered: the newest mail holds the code that counts.
    await expect(toast(page, /a new code has been sent/)).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await page.request
              .get(`${apiUrl}/__dev/outbox?to=${encodeURIComponent(player.email)}`)
              .then((r) => r.json() as Promise<unknown[]>)
          ).length,
      )
      .toBe(2);
    const { code } = await latestMail(page, apiUrl, player.email);
    await verify.getByLabel('Verification Code').fill(code!);
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await expect(toast(page, 'Email verified successfully.')).toBeVisible();
    await signInThroughDialog(page, null, player.password);
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  });

  test('forgot password → reset with the mailed code → sign in with the new password', async ({ page, apiUrl }) => {
    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await verifyViaApi(page, apiUrl, player);

    await page.goto('/#signin');
    await dialog(page).getByRole('link', { name: 'Forgot Password?' }).click();
    const forgot = dialog(page);
    await expect(forgot.getByRole('heading', { name: 'Forgot Your Password' })).toBeVisible();
    await forgot.getByRole('button', { name: 'Submit' }).click();
    await expect(forgot.getByRole('alert')).toHaveText('Email is required!');
    await forgot.getByLabel('Email Address').fill(player.email);
    await forgot.getByRole('button', { name: 'Submit' }).click();

    const reset = dialog(page);
    await expect(reset.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(reset).toContainText(player.email);
    const mail = await mailWithSubject(page, apiUrl, player.email, /reset/i);
    await reset.getByLabel('Verification Code').fill(mail.code!);
    await reset.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await reset.getByLabel('Retype Password', { exact: true }).fill('Mismatch#1');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByRole('alert')).toHaveText('Passwords do not match.');
    await reset.getByLabel('Retype Password', { exact: true }).fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Password reset successful.')).toBeVisible();

    await expect(dialog(page).getByLabel('Email / User ID')).toHaveValue(player.email);
    await signInThroughDialog(page, null, NEW_PASSWORD);
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  });

  test('#signup and #signin open their dialogs when signed out and only toast when signed in', async ({ page, apiUrl }) => {
    await page.goto('/all-games#signup');
    await expect(dialog(page).getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await page.goto('/#signin');
    await expect(dialog(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
    // The X button and the backdrop close it too.
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.mouse.click(5, 300);
    await expect(dialog(page)).toHaveCount(0);

    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await verifyViaApi(page, apiUrl, player);
    await signInViaApi(page, apiUrl, player);

    await page.goto('/all-games#signup');
    await expect(toast(page, 'You are already logged in. Signup is not required.')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await page.goto('/#signin');
    await expect(toast(page, 'You are already logged in. Signin is not required.')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  });

  test('a session whose renewal is refused expires: toast, storage cleared, back home signed out', async ({ page, apiUrl }) => {
    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await verifyViaApi(page, apiUrl, player);

    // While the page is open, the site tries to renew the access token before its exp; the
    // server refuses (as for an expired or revoked refresh token), so the session expires.
    await page.route(`${apiUrl}/api/refresh-token`, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"detail":"Invalid or expired refresh token"}' }),
    );
    await page.clock.install();
    await signInViaApi(page, apiUrl, player);
    await page.evaluate(() => sessionStorage.setItem('scratch', '1'));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await page.clock.fastForward('01:00:30');
    await expect(toast(page, 'Session expired!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  });

  for (const width of [375, 1440]) {
    test(`the nav does not move when the account slot arrives, nor after sign-in (${width}px)`, async ({
      page,
      apiUrl,
      ports,
    }) => {
      const player = newPlayer();
      await registerViaApi(page.request, apiUrl, player);
      await verifyViaApi(page, apiUrl, player);
      await page.setViewportSize({ width, height: 800 });
      const nav = page.getByRole('navigation', { name: 'Main' });
      const navBox = async () => {
        // The shell's first commit swaps the pre-rendered nav for its own identical one; at that
        // instant neither is attached, so measure again until one is.
        let box = await nav.boundingBox();
        for (let tries = 0; !box && tries < 20; tries += 1) box = await nav.boundingBox();
        if (!box) throw new Error('the main nav has no box');
        return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
      };

      // As pre-rendered, while the account remote is held back: the slot's width is reserved.
      let releaseAccount: () => void = () => undefined;
      const accountHeld = new Promise<void>((resolve) => {
        releaseAccount = resolve;
      });
      await page.route(`http://localhost:${ports.mf_account}/**`, async (route) => {
        await accountHeld;
        await route.continue();
      });
      await page.goto('/');
      await expect(nav).toBeVisible();
      const first = await navBox();
      releaseAccount();
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      expect(await navBox(), 'after the account slot arrived').toEqual(first);

      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await signInThroughDialog(page, player.email, player.password);
      await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
      expect(await navBox(), 'after sign-in').toEqual(first);
    });
  }

  test('an expired token found on load ends the session at once', async ({ page, apiUrl }) => {
    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await verifyViaApi(page, apiUrl, player);
    await signInViaApi(page, apiUrl, player);

    // Leave the signed-in page first: under the jumped clock its own expiry timer would end the
    // session there (clearing the shared storage) before /profile loads, a race this test is not about.
    await page.goto('about:blank');
    // Two hours later (the API's tokens last one), the player comes back to /profile.
    await page.clock.install({ time: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    await page.goto('/profile');
    await expect(toast(page, 'Session expired!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('tabs stay in step: a logout in one tab signs the other out, a sign-in signs it in', async ({ page, context, apiUrl }) => {
    const player = newPlayer();
    await registerViaApi(page.request, apiUrl, player);
    await verifyViaApi(page, apiUrl, player);
    await signInViaApi(page, apiUrl, player);
    await page.reload();
    const other = await context.newPage();
    await other.goto('/all-games');
    await expect(other.getByRole('button', { name: /Account menu for/ })).toBeVisible();

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(other.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

    // Logout revoked that session on the server: signing in again gives a new one.
    const again = await page.request.post(`${apiUrl}/login/`, { data: { username: player.email, password: player.password } });
    const fresh = (await again.json()) as { access_token: string; refresh_token: string };
    await page.evaluate((t) => {
      localStorage.setItem('refresh_token', t.refresh_token);
      localStorage.setItem('token', t.access_token);
    }, fresh);
    await expect(other.getByRole('button', { name: 'Account menu for Ada Lovelace' })).toBeVisible();
  });
});
