import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { TERMS_PATH } from '@portal/shared-contracts';
import { BrandContext } from '../branding/brand-context';
import { AppRoutes } from './app-routes';

test('/terms is the shell’s Terms and Conditions page (linked from the sign-up box)', async () => {
  render(
    <BrandContext.Provider
      value={{ id: 'b', name: 'Playverse', logo: '/l.svg', title: 'Playverse', favicon: '/f.svg', blurb: '' }}
    >
      <MemoryRouter initialEntries={[TERMS_PATH]}>
        <AppRoutes accountConfig={{ accountApiUrl: 'http://api.test', recaptchaSiteKey: 'k' }} />
      </MemoryRouter>
    </BrandContext.Provider>,
  );
  // Its chunk loads when the page is visited.
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Terms and Conditions');
  expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
});
