import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { RemoteBoundary } from './remote-boundary';

jest.mock('./remotes', () => ({ loadRemoteModule: jest.fn() }));

type Loader = (id: RemoteModuleId, options?: { fresh?: boolean }) => Promise<RemoteModule<RemoteModuleId>>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
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
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>(() => pending.promise);
    render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={load as never} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      pending.resolve({ default: AllGames });
      await pending.promise;
    });
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_catalog/AllGamesPage', { fresh: false });
  });

  it('shows a fallback with Retry when loading fails, reports it, and Retry loads afresh', async () => {
    const load = jest
      .fn<ReturnType<Loader>, Parameters<Loader>>()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce({ default: AllGames });
    render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={load as never} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load it just now");
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('mf_catalog/AllGamesPage'), expect.any(Error));
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf_catalog/AllGamesPage', { fresh: true });
  });

  it('contains a remote that crashes while rendering', async () => {
    const Crashing = () => {
      throw new Error('boom');
    };
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>().mockResolvedValue({ default: Crashing });
    render(
      <div>
        <p>Header stays</p>
        <RemoteBoundary id="mf_player/PlayPage" props={{}} load={load as never} />
      </div>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('uses a compact Retry button for inline mounts such as the header slot', async () => {
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>().mockRejectedValue(new Error('down'));
    render(
      <RemoteBoundary
        id="mf_account/AccountMenu"
        props={{ config: { accountApiUrl: '', recaptchaSiteKey: '' } }}
        variant="inline"
        load={load as never}
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
  const load = jest.fn((id: RemoteModuleId) => Promise.resolve({ default: id === 'mf_catalog/HomePage' ? Home : Play } as never));
  const brand = { id: 'b', name: 'B', logo: '', title: '', favicon: '', blurb: '' };
  const { rerender } = render(<RemoteBoundary id="mf_catalog/HomePage" props={{ brand }} load={load as never} />);
  await screen.findByText('home');
  rerender(<RemoteBoundary id="mf_player/PlayPage" props={{}} load={load as never} />);
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
    const load = jest.fn<ReturnType<Loader>, Parameters<Loader>>((id) =>
      accountUp
        ? Promise.resolve({ default: id === 'mf_account/AccountMenu' ? Menu : Host } as never)
        : Promise.reject(new Error('down')),
    );
    const config = { config: { accountApiUrl: '', recaptchaSiteKey: '' } };
    const { container } = render(
      <>
        <div data-testid="slot">
          <RemoteBoundary id="mf_account/AccountMenu" props={config} variant="inline" load={load as never} />
        </div>
        <div data-testid="host">
          <RemoteBoundary id="mf_account/ModalHost" props={config} variant="hidden" load={load as never} />
        </div>
      </>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
    expect(container.querySelectorAll('button')).toHaveLength(1);

    accountUp = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('modal host ready')).toBeInTheDocument();
    // Only the player's Retry re-registers the remote; the host reuses what it brought back.
    expect(load).toHaveBeenCalledWith('mf_account/AccountMenu', { fresh: true });
    expect(load).toHaveBeenLastCalledWith('mf_account/ModalHost', { fresh: false });
  });
});
