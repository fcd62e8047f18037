import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteModule, RemoteModuleId } from '@portal/shared-contracts';
import { TEST_BRAND } from '../testing/test-brand';
import { announceRecovery } from './recovery';
import { RemoteBoundary } from './remote-boundary';
import { afterRenderFailure, loadedRemoteModule, loadRemoteModule } from './remotes';
import { deferred } from '../testing/deferred';

// The one seam: the loader module, mocked (./__mocks__/remotes.ts).
jest.mock('./remotes');

type Loader = (id: RemoteModuleId) => Promise<RemoteModule<RemoteModuleId>>;

/** The mocked loader, fresh for this test: what it does, and its calls from now on. */
function loader(implementation: Loader = () => new Promise(() => undefined)) {
  return jest
    .mocked(loadRemoteModule as Loader)
    .mockReset()
    .mockImplementation(implementation);
}

const AllGames = () => <h1>All games from the remote</h1>;

describe('RemoteBoundary', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows a loading placeholder, then the remote component', async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    const load = loader(() => pending.promise);
    render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      pending.resolve({ default: AllGames });
      await pending.promise;
    });
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_catalog/AllGamesPage');
  });

  it('draws a module this tab has loaded already in its first render, with no placeholder and no new load', () => {
    const load = loader();
    const loaded = jest.mocked(loadedRemoteModule as (id: RemoteModuleId) => RemoteModule<RemoteModuleId> | undefined);
    loaded.mockImplementation((id) => (id === 'mf_catalog/AllGamesPage' ? { default: AllGames } : undefined));
    try {
      render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />);
      expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(load).not.toHaveBeenCalled();
    } finally {
      loaded.mockReset().mockImplementation(() => undefined);
    }
  });

  it("draws the page's lead above the placeholder while loading, and the remote alone once loaded", async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    loader(() => pending.promise);
    const lead = <h1>Welcome to the site</h1>;
    render(<RemoteBoundary id="mf_catalog/HomePage" props={{ brand: TEST_BRAND }} lead={lead} />);
    expect(screen.getByRole('heading', { name: 'Welcome to the site' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      pending.resolve({ default: AllGames });
      await pending.promise;
    });
    expect(screen.queryByRole('heading', { name: 'Welcome to the site' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
  });

  it('shows a fallback with Retry when loading fails, reports it, and Retry loads afresh', async () => {
    const load = loader().mockRejectedValueOnce(new Error('remote down')).mockResolvedValueOnce({ default: AllGames });
    render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load it just now");
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('mf_catalog/AllGamesPage'), expect.any(Error));
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that crashes while rendering', async () => {
    const Crashing = () => {
      throw new Error('boom');
    };
    loader(() => Promise.resolve({ default: Crashing }));
    render(
      <div>
        <p>Header stays</p>
        <RemoteBoundary id="mf_player/PlayPage" props={{}} />
      </div>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('uses a compact Retry button for inline mounts such as the header slot', async () => {
    loader(() => Promise.reject(new Error('down')));
    render(
      <RemoteBoundary
        id="mf_account/AccountMenu"
        props={{ config: { accountApiUrl: '', recaptchaSiteKey: '' } }}
        variant="inline"
      />,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toHaveClass('remote-inline-retry');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

test('switching ids never renders the previous remote component with the new props', async () => {
  const received: string[] = [];
  const Home = ({ brand }: { brand?: { name: string } }) => {
    received.push(brand ? 'home' : 'home-without-brand');
    return <p>home</p>;
  };
  const Play = () => <p>play</p>;
  loader((id) => Promise.resolve({ default: id === 'mf_catalog/HomePage' ? Home : Play } as never));
  const brand = { id: 'b', name: 'B', logo: '', title: '', favicon: '', blurb: '' };
  const { rerender } = render(<RemoteBoundary id="mf_catalog/HomePage" props={{ brand }} />);
  await screen.findByText('home');
  rerender(<RemoteBoundary id="mf_player/PlayPage" props={{}} />);
  expect(screen.queryByText('home')).not.toBeInTheDocument();
  await screen.findByText('play');
  expect(received).not.toContain('home-without-brand');
});

describe('recovery across mounts of one remote', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('a hidden mount shows nothing while loading or failed, and recovers when a visible mount of the same remote is retried', async () => {
    let accountUp = false;
    const Menu = () => <button type="button">Sign In</button>;
    const Host = () => <p>modal host ready</p>;
    const load = loader((id) =>
      accountUp
        ? Promise.resolve({ default: id === 'mf_account/AccountMenu' ? Menu : Host } as never)
        : Promise.reject(new Error('down')),
    );
    const config = { config: { accountApiUrl: '', recaptchaSiteKey: '' } };
    const { container } = render(
      <>
        <div data-testid="slot">
          <RemoteBoundary id="mf_account/AccountMenu" props={config} variant="inline" />
        </div>
        <div data-testid="host">
          <RemoteBoundary id="mf_account/ModalHost" props={config} variant="hidden" />
        </div>
      </>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
    expect(container.querySelectorAll('button')).toHaveLength(1);

    accountUp = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
    // The loader announces that the player's Retry brought the remote back.
    act(() => announceRecovery('mf_account'));
    expect(await screen.findByText('modal host ready')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_account/ModalHost');
  });
});

describe('after a redeploy the tab cannot take in place', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows one "A new version is available — Reload" prompt, never a Retry', async () => {
    const { NewVersionError } = jest.requireMock<{ NewVersionError: new (remote: string) => Error }>('./remotes');
    loader(() => Promise.reject(new NewVersionError('mf_catalog')));
    render(<RemoteBoundary id="mf_catalog/SearchPage" props={{}} />);
    expect(await screen.findByRole('heading', { name: 'A new version is available — Reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('a component that crashes after a redeploy loads the new build when nothing else of it is on the page', async () => {
    const Crashing = () => {
      throw new Error('ChunkLoadError');
    };
    const Fixed = () => <p>new build</p>;
    loader().mockResolvedValueOnce({ default: Crashing }).mockResolvedValueOnce({ default: Fixed });
    const check = jest.mocked(afterRenderFailure).mockResolvedValueOnce('reloaded');
    render(<RemoteBoundary id="mf_catalog/SearchPage" props={{}} />);
    expect(await screen.findByText('new build')).toBeInTheDocument();
    expect(check).toHaveBeenCalledWith('mf_catalog');
  });
});
