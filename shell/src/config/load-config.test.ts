import { REMOTE_NAMES } from '@portal/shared-contracts';
import { INLINE_CONFIG_ID, loadRuntimeConfig } from './load-config';

const config = {
  // Every remote of the registry (parts.json), so adding a remote needs no edit here.
  remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://${name}.test/mf-manifest.json`])),
  accountApiUrl: 'http://api.test',
  recaptchaSiteKey: 'key',
  brands: [],
  defaultBrand: { id: 'd', name: 'Free Games', logo: '/l.svg', title: 'Free', favicon: '/l.svg', blurb: 'Play.' },
};

function inline(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = INLINE_CONFIG_ID;
  element.textContent = text;
  document.head.appendChild(element);
}

const fetchMock = jest.fn();
beforeEach(() => {
  document.getElementById(INLINE_CONFIG_ID)?.remove();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue({ ok: true, json: () => Promise.resolve(config) });
  global.fetch = fetchMock;
});

test('uses the config the server inlined into the page, without a request', async () => {
  inline(JSON.stringify({ ...config, accountApiUrl: 'http://inlined.test' }));
  await expect(loadRuntimeConfig()).resolves.toMatchObject({ accountApiUrl: 'http://inlined.test' });
  expect(fetchMock).not.toHaveBeenCalled();
});

test('fetches /config.json when nothing is inlined', async () => {
  await expect(loadRuntimeConfig()).resolves.toMatchObject({ accountApiUrl: 'http://api.test' });
  expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
});

test('fetches /config.json when the inlined copy is unusable', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  inline('{"remotes": 1}');
  await expect(loadRuntimeConfig()).resolves.toMatchObject({ accountApiUrl: 'http://api.test' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
