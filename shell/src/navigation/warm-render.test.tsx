import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { RemoteBoundary } from '../federation/remote-boundary';
import { deferred } from '../testing/deferred';
import { prefetchModule, resetPrefetchForTests } from './prefetch';

jest.mock('../federation/remotes');

const Home = () => <h1>Home from the remote</h1>;
const AllGames = () => <h1>All games from the remote</h1>;

afterEach(resetPrefetchForTests);

/** What each commit put on screen: a placeholder, or a page's heading. */
function Commits({ log }: { log: string[] }) {
  useLayoutEffect(() => {
    log.push(
      document.querySelector('[role="status"]') ? 'placeholder' : (document.querySelector('h1')?.textContent ?? 'nothing'),
    );
  });
  return null;
}

describe('a page whose module the navigation prefetch holds', () => {
  it('replaces the last page in the same commit as the route change, with no placeholder between', async () => {
    const pages: Partial<Record<RemoteModuleId, RemoteModule<RemoteModuleId>>> = {
      'mf_catalog/HomePage': { default: Home },
      'mf_catalog/AllGamesPage': { default: AllGames },
    };
    const load = jest.fn((id: RemoteModuleId) => Promise.resolve(pages[id]!));
    await act(() => prefetchModule('mf_catalog/AllGamesPage', load));
    const log: string[] = [];
    const { rerender } = render(
      <>
        <RemoteBoundary id="mf_catalog/HomePage" props={{}} load={load as never} />
        <Commits log={log} />
      </>,
    );
    await screen.findByRole('heading', { name: 'Home from the remote' });
    log.length = 0;

    rerender(
      <>
        <RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={load as never} />
        <Commits log={log} />
      </>,
    );
    expect(log[0]).toBe('All games from the remote');
    await act(() => Promise.resolve());
    expect(log).not.toContain('placeholder');
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
  });

  it('a module not prefetched still shows the placeholder while it loads', async () => {
    const pending = deferred<RemoteModule<RemoteModuleId>>();
    render(<RemoteBoundary id="mf_catalog/AllGamesPage" props={{}} load={(() => pending.promise) as never} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => {
      pending.resolve({ default: AllGames });
      await pending.promise;
    });
    expect(screen.getByRole('heading', { name: 'All games from the remote' })).toBeInTheDocument();
  });
});
