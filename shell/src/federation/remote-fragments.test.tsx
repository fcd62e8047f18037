import { act, render, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import type { RemoteModule, RemoteModuleId } from '@portal/shared-contracts';
import { RemoteBoundary } from './remote-boundary';
import { RemoteFragments, serverFragmentsOf, type RemoteFragmentSource } from './remote-fragments';
import { loadRemoteModule } from './remotes';
import { deferred } from '../testing/deferred';

// The one seam: the loader module, mocked (./__mocks__/remotes.ts).
jest.mock('./remotes');

type Loader = (id: RemoteModuleId) => Promise<RemoteModule<RemoteModuleId>>;

/** The mocked loader, fresh for this test: what it does, and its calls from now on. */
function loader(implementation: Loader) {
  return jest
    .mocked(loadRemoteModule as Loader)
    .mockReset()
    .mockImplementation(implementation);
}

/** The remote's page: a heading and a counter, so a test can tell a hydrated page from a dead copy. */
function FromRemote() {
  const [clicks, setClicks] = useState(0);
  return (
    <div className="page">
      <h1>All Games</h1>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Clicked {clicks}
      </button>
    </div>
  );
}
// The remote's fragment (fragments.json), as its build rendered FromRemote.
const FRAGMENT = '<div class="page"><h1>All Games</h1><button type="button">Clicked <!-- -->0</button></div>';
// What the site's server sends for it, drawn by the shell's own server render (render-page.tsx
// gives the boundary this source): the fragment in its element, inside React's Suspense markers.
const SERVER_HTML = renderToString(
  <RemoteFragments.Provider value={{ side: 'server', has: () => true, release: () => undefined, html: () => FRAGMENT }}>
    <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />
  </RemoteFragments.Provider>,
);

test("the server's HTML: the fragment, in the element the browser hydrates the remote into", () => {
  expect(SERVER_HTML).toBe(
    `<!--$--><div data-remote-fragment="mf_catalog/AllGamesPage" style="display:contents">${FRAGMENT}</div><!--/$-->`,
  );
});

describe("a remote's page in the server's HTML (fragments)", () => {
  let consoleError: jest.SpyInstance;
  let container: HTMLElement;
  let root: Root | null = null;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    container = document.createElement('div');
    container.setAttribute('data-remote-fragments', 'mf_catalog/AllGamesPage');
    container.innerHTML = SERVER_HTML;
    document.body.append(container);
  });
  afterEach(async () => {
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited when a component suspends
    await act(async () => root?.unmount());
    root = null;
    consoleError.mockRestore();
    container.remove();
  });

  async function hydrate(fragments: RemoteFragmentSource, load: Loader) {
    loader(load);
    const recoverable = jest.fn();
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited when a component suspends
    await act(async () => {
      root = hydrateRoot(
        container,
        <RemoteFragments.Provider value={fragments}>
          <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />
        </RemoteFragments.Provider>,
        { onRecoverableError: recoverable },
      );
    });
    return recoverable;
  }

  it("keeps the server's elements while the remote loads, then hydrates the remote into them: same elements, now live", async () => {
    const heading = container.querySelector('h1');
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    const recoverable = await hydrate(serverFragmentsOf(container, { pathname: '/all-games' }), () => pending.promise);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('[role="status"]')).toBeNull();

    await act(async () => {
      pending.resolve({ default: FromRemote as never });
      await pending.promise;
    });
    expect(container.querySelector('h1')).toBe(heading);
    const button = container.querySelector('button')!;
    act(() => button.click());
    expect(button.textContent).toBe('Clicked 1');
    expect(recoverable).not.toHaveBeenCalled();
    // The root says every remote has taken over its page.
    expect(container).not.toHaveAttribute('data-remote-fragments');
  });

  it('gives way to the Retry prompt when the remote cannot load, and stays there until a Retry', async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    await hydrate(serverFragmentsOf(container, { pathname: '/all-games' }), () => pending.promise);
    const load = jest.mocked(loadRemoteModule);
    await act(async () => {
      pending.reject(new Error('down'));
      await pending.promise.catch(() => undefined);
    });
    await waitFor(() => expect(container.textContent).toContain('This part of the site is taking a break'));
    expect(container.querySelector('h1')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Retry')!;
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited for the load it starts
    await act(async () => retry.click());
    expect(load).toHaveBeenCalledTimes(2);
    // React holds the hydration error it recovered from until the next root commits (module-wide
    // state); a root here takes it, instead of the next test's.
    const sink = createRoot(document.createElement('div'), { onRecoverableError: () => undefined });
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited to flush the commit
    await act(async () => sink.render(<p />));
    sink.unmount();
  });

  it('after a failed adoption, leaving the page and coming back loads the remote again (no stuck placeholder)', async () => {
    let loads = 0;
    const load = loader((id) => {
      loads += 1;
      // The first load (the adoption's) fails; the remote is back afterwards.
      return id === 'mf_catalog/AllGamesPage' && loads === 1
        ? Promise.reject(new Error('down'))
        : Promise.resolve({ default: FromRemote as never });
    });
    const fragments = serverFragmentsOf(container, { pathname: '/all-games' });
    const mount = (id: RemoteModuleId) => (
      <RemoteFragments.Provider value={fragments}>
        <RemoteBoundary id={id} props={{}} />
      </RemoteFragments.Provider>
    );
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited when a component suspends
    await act(async () => {
      root = hydrateRoot(container, mount('mf_catalog/AllGamesPage'), { onRecoverableError: () => undefined });
    });
    await waitFor(() => expect(container.textContent).toContain('This part of the site is taking a break'));
    // The same boundary, as React Router reuses it: another page, then back.
    // eslint-disable-next-line @typescript-eslint/require-await -- act flushes the loads
    await act(async () => root?.render(mount('mf_catalog/CategoryPage')));
    // eslint-disable-next-line @typescript-eslint/require-await -- act flushes the loads
    await act(async () => root?.render(mount('mf_catalog/AllGamesPage')));
    expect(load).toHaveBeenLastCalledWith('mf_catalog/AllGamesPage');
    expect(container.querySelector('h1')?.textContent).toBe('All Games');
    const sink = createRoot(document.createElement('div'), { onRecoverableError: () => undefined });
    // eslint-disable-next-line @typescript-eslint/require-await -- act must be awaited to flush the commit
    await act(async () => sink.render(<p />));
    sink.unmount();
  });

  it('belongs to the page it was rendered for, once: after a navigation or a release the placeholder shows', () => {
    const location = { pathname: '/all-games' };
    const fragments = serverFragmentsOf(container, location);
    expect(fragments.has('mf_catalog/AllGamesPage', {})).toBe(true);
    expect(fragments.has('mf_catalog/HomePage', {})).toBe(false);
    location.pathname = '/categories/Arcade%20Games';
    expect(fragments.has('mf_catalog/AllGamesPage', {})).toBe(false);
    location.pathname = '/all-games';
    fragments.release('mf_catalog/AllGamesPage');
    expect(fragments.has('mf_catalog/AllGamesPage', {})).toBe(false);
    expect(container).not.toHaveAttribute('data-remote-fragments');

    loader(() => new Promise(() => undefined));
    render(
      <RemoteFragments.Provider value={fragments}>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} />
      </RemoteFragments.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
