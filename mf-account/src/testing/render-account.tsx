import { render } from '@testing-library/react';
import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createAccountStore } from '../app/account-store';
import { AccountProvider } from '../app/account-provider';
import { recordingNotifier, TEST_CONFIG } from './fakes';

/** Mocks every client the stores create (axios.create copies the default adapter). */
export const http = new MockAdapter(axios);
export const api = (path: string) => `${TEST_CONFIG.accountApiUrl}${path}`;

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  const rendered = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    currentLocation = rendered;
  }, [rendered]);
  return null;
}
export const renderedLocation = () => currentLocation;

/** Renders account components around a fresh store with recorded toasts and navigation. */
export function renderAccount(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const notify = recordingNotifier();
  const navigate = jest.fn();
  const store = createAccountStore({ config: TEST_CONFIG, services: { notify, navigate } });
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AccountProvider config={TEST_CONFIG} store={store}>
        {ui}
        <LocationProbe />
      </AccountProvider>
    </MemoryRouter>,
  );
  return { ...result, store, notify, navigate };
}
