import { act, render, screen } from '@testing-library/react';
import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { RemoteBoundary } from './remote-boundary';
import { captureServerFragments, RemoteFragments } from './remote-fragments';

jest.mock('./remotes', () => {
  class NewVersionError extends Error {}
  return {
    loadRemoteModule: jest.fn(),
    afterRenderFailure: jest.fn(() => Promise.resolve('same')),
    trackMount: jest.fn(() => () => undefined),
    NewVersionError,
  };
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const SERVER_HTML =
  '<div data-remote-fragment="mf_catalog/AllGamesPage"><div class="page"><h1>All Games</h1><a class="catalog-game-card" href="/game/5">Five</a></div></div>';
const FromRemote = () => <h1>All games from the remote</h1>;

describe("the server's pages of a remote (fragments)", () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  function serverPage(pathname = '/all-games') {
    const root = document.createElement('div');
    root.innerHTML = SERVER_HTML;
    return captureServerFragments(root, { pathname });
  }

  it("draws the server's HTML of the page while the remote loads, then the remote's own component", async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    render(
      <RemoteFragments.Provider value={serverPage()}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={() => pending.promise as never} />
      </RemoteFragments.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'All Games' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Five' })).toHaveAttribute('href', '/game/5');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => {
      pending.resolve({ default: FromRemote });
      await pending.promise;
    });
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Five' })).not.toBeInTheDocument();
  });

  it('is used once: a later mount of the same page draws the placeholder, not stale server HTML', async () => {
    const fragments = serverPage();
    const loaded = Promise.resolve({ default: FromRemote });
    const { unmount } = render(
      <RemoteFragments.Provider value={fragments}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={() => loaded as never} />
      </RemoteFragments.Provider>,
    );
    await act(async () => {
      await loaded;
    });
    unmount();
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    render(
      <RemoteFragments.Provider value={fragments}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={() => pending.promise as never} />
      </RemoteFragments.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('belongs to the page it was rendered for: after a navigation the placeholder shows', () => {
    const location = { pathname: '/all-games' };
    const fragments = captureServerFragments(Object.assign(document.createElement('div'), { innerHTML: SERVER_HTML }), location);
    location.pathname = '/categories/Arcade%20Games';
    render(
      <RemoteFragments.Provider value={fragments}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={() => new Promise(() => undefined) as never} />
      </RemoteFragments.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('gives way to the Retry prompt when the remote cannot load', async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    render(
      <RemoteFragments.Provider value={serverPage()}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={() => pending.promise as never} />
      </RemoteFragments.Provider>,
    );
    await act(async () => {
      pending.reject(new Error('down'));
      await pending.promise.catch(() => undefined);
    });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Five' })).not.toBeInTheDocument();
  });
});
