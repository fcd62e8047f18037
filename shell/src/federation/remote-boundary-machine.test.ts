import type { RemoteModule, RemoteModuleId } from '@portal/shared-contracts';
import {
  boundaryReducer,
  initialState,
  type Adoption,
  type BoundaryEvent,
  type BoundaryState,
  type LoadedComponent,
} from './remote-boundary-machine';

const HOME: RemoteModuleId = 'mf_catalog/HomePage';
const ALL_GAMES: RemoteModuleId = 'mf_catalog/AllGamesPage';
const Page: LoadedComponent = () => null;
const adoption: Adoption = { id: HOME, module: new Promise<RemoteModule<RemoteModuleId>>(() => undefined) };

/** The state after each event in turn. */
const after = (state: BoundaryState, ...events: BoundaryEvent[]) => events.reduce(boundaryReducer, state);
const loading = initialState(HOME, null);
const adopting = initialState(HOME, adoption);

describe('the first state', () => {
  it('loads, or adopts when the server sent the page', () => {
    expect(loading).toEqual({ id: HOME, attempt: 0, adoption: null, phase: 'loading' });
    expect(adopting).toEqual({ id: HOME, attempt: 0, adoption, phase: 'adopting' });
  });
});

describe('a module loaded already (a prefetch, an earlier visit)', () => {
  it('is drawn at once, on a first mount and on a route change; a page the server sent is still adopted', () => {
    expect(initialState(ALL_GAMES, null, Page)).toEqual({
      id: ALL_GAMES,
      attempt: 0,
      adoption: null,
      phase: 'ready',
      Component: Page,
    });
    expect(after(loading, { type: 'navigated', id: ALL_GAMES, Component: Page })).toEqual({
      id: ALL_GAMES,
      attempt: 1,
      adoption: null,
      phase: 'ready',
      Component: Page,
    });
    expect(initialState(HOME, adoption, Page).phase).toBe('adopting');
  });
});

describe('a load', () => {
  it('shows its component, a Retry, or a Reload after a redeploy', () => {
    expect(after(loading, { type: 'loaded', attempt: 0, Component: Page })).toEqual({
      ...loading,
      phase: 'ready',
      Component: Page,
    });
    expect(after(loading, { type: 'loadFailed', attempt: 0, redeployed: false }).phase).toBe('failed');
    expect(after(loading, { type: 'loadFailed', attempt: 0, redeployed: true }).phase).toBe('outdated');
  });

  it('that another has followed changes nothing', () => {
    const navigated = after(loading, { type: 'navigated', id: ALL_GAMES });
    expect(navigated).toEqual({ id: ALL_GAMES, attempt: 1, adoption: null, phase: 'loading' });
    expect(after(navigated, { type: 'loaded', attempt: 0, Component: Page })).toBe(navigated);
    expect(after(navigated, { type: 'loadFailed', attempt: 0, redeployed: false })).toBe(navigated);
  });
});

describe('Retry', () => {
  it('starts the next attempt', () => {
    const failed = after(loading, { type: 'loadFailed', attempt: 0, redeployed: false });
    expect(after(failed, { type: 'retried' })).toEqual({ ...loading, attempt: 1 });
  });
});

describe('a crash', () => {
  const ready = after(loading, { type: 'loaded', attempt: 0, Component: Page });
  const crashed = after(ready, { type: 'crashed' });

  it('shows a Retry at once', () => {
    expect(crashed).toEqual({ ...loading, phase: 'failed' });
  });

  it('then what the loader found: the same build stays, a redeploy reloads the page or loads the new build', () => {
    expect(after(crashed, { type: 'checked', outcome: 'same' })).toBe(crashed);
    expect(after(crashed, { type: 'checked', outcome: 'reload' }).phase).toBe('outdated');
    expect(after(crashed, { type: 'checked', outcome: 'reloaded' })).toEqual({ ...loading, attempt: 1 });
  });
});

describe('a route change (React reuses the boundary)', () => {
  it('loads the next module as a new attempt', () => {
    const ready = after(loading, { type: 'loaded', attempt: 0, Component: Page });
    expect(after(ready, { type: 'navigated', id: ALL_GAMES })).toEqual({
      id: ALL_GAMES,
      attempt: 1,
      adoption: null,
      phase: 'loading',
    });
  });
});

describe('an adoption (the page in the server HTML, decision 0032)', () => {
  it('once it worked, coming back to its page adopts again instead of loading', () => {
    const away = after(adopting, { type: 'navigated', id: ALL_GAMES });
    expect(away).toEqual({ id: ALL_GAMES, attempt: 1, adoption, phase: 'loading' });
    expect(after(away, { type: 'navigated', id: HOME })).toEqual({ id: HOME, attempt: 2, adoption, phase: 'adopting' });
  });

  it('that fails shows its prompt until a Retry, and is over: the page then loads', () => {
    const failed = after(adopting, { type: 'loadFailed', attempt: 0, redeployed: false });
    expect(failed).toEqual({ id: HOME, attempt: 0, adoption: null, phase: 'failed' });
    expect(after(adopting, { type: 'loadFailed', attempt: 0, redeployed: true }).phase).toBe('outdated');
    expect(after(adopting, { type: 'crashed' })).toEqual(failed);
    expect(after(failed, { type: 'retried' })).toEqual({ id: HOME, attempt: 1, adoption: null, phase: 'loading' });
    const away = after(failed, { type: 'navigated', id: ALL_GAMES });
    expect(after(away, { type: 'navigated', id: HOME }).phase).toBe('loading');
  });

  it("stays as it is while it lasts: the check of a crash on the page before is not this page's", () => {
    // AdoptedRemote keeps its first callbacks for as long as the adoption lasts (adopted-remote.tsx).
    const back = after(
      adopting,
      { type: 'navigated', id: ALL_GAMES },
      { type: 'loaded', attempt: 1, Component: Page },
      { type: 'crashed' },
      { type: 'navigated', id: HOME },
    );
    expect(back).toEqual({ id: HOME, attempt: 2, adoption, phase: 'adopting' });
    for (const outcome of ['same', 'reload', 'reloaded'] as const) expect(after(back, { type: 'checked', outcome })).toBe(back);
  });

  it('a failure elsewhere keeps it for its page', () => {
    const away = after(adopting, { type: 'navigated', id: ALL_GAMES }, { type: 'loadFailed', attempt: 1, redeployed: false });
    expect(away).toEqual({ id: ALL_GAMES, attempt: 1, adoption, phase: 'failed' });
    expect(after(away, { type: 'navigated', id: HOME }).phase).toBe('adopting');
  });
});
