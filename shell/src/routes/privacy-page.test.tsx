import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LIBRARY_STORAGE_KEYS, PRIVACY_PATH, STORAGE_KEYS } from '@portal/shared-contracts';
import { DEVICE_ID_KEY } from '@portal/shared-contracts/play-data';
import { BrandContext } from '../branding/brand-context';
import { AppRoutes } from './app-routes';

const renderPrivacy = () =>
  render(
    <BrandContext.Provider
      value={{ id: 'b', name: 'Playverse', logo: '/l.svg', title: 'Playverse', favicon: '/f.svg', blurb: '' }}
    >
      <MemoryRouter initialEntries={[PRIVACY_PATH]}>
        <AppRoutes accountConfig={{ accountApiUrl: 'http://api.test', recaptchaSiteKey: 'k' }} />
      </MemoryRouter>
    </BrandContext.Provider>,
  );

describe('/privacy', () => {
  test('says the site has no ads and no third-party trackers, and names reCAPTCHA and where it loads', async () => {
    renderPrivacy();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Privacy');
    expect(screen.getByText(/shows no ads and loads no third-party trackers/)).toBeInTheDocument();
    expect(screen.getByText(/reCAPTCHA/)).toHaveTextContent(/only when the Sign Up or Sign In dialog opens/);
    for (const heading of ['On your device', 'On our servers'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  test('names every local-storage key the site writes', async () => {
    renderPrivacy();
    await screen.findByRole('heading', { level: 1 });
    const named = new Set([...document.querySelectorAll('code')].map((code) => code.textContent));
    for (const key of [...Object.values(STORAGE_KEYS), ...Object.values(LIBRARY_STORAGE_KEYS), DEVICE_ID_KEY])
      expect([key, named.has(key)]).toEqual([key, true]);
  });
});
