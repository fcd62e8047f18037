import type { RemoteModule, RemoteModuleId } from 'shared-contracts';
import { boundaryReducer, initialBoundaryState, type BoundaryState } from './remote-boundary-state';
import { NewVersionError } from './remotes';

jest.mock('./remotes');

const Page = () => null;
const pageModule = { default: Page } as unknown as RemoteModule<RemoteModuleId>;
const ID: RemoteModuleId = 'mf_catalog/AllGamesPage';

const loading = () => initialBoundaryState(ID, null);
const loaded = (state: BoundaryState) => boundaryReducer(state, { type: 'loaded', request: state.request, module: pageModule });

describe('boundaryReducer', () => {
  test('a mount without server HTML asks for one load; its answer makes it ready', () => {
    const state = loading();
    expect(state.phase).toEqual({ status: 'loading' });
    expect(state.request).toEqual({ id: ID, attempt: 0 });
    expect(loaded(state).phase).toEqual({ status: 'ready', Component: Page });
  });

  test("a mount that adopts the server's HTML asks for no load of its own", () => {
    const state = initialBoundaryState(ID, { module: null });
    expect(state.phase.status).toBe('adopting');
    expect(state.request).toBeNull();
  });

  test('an answer to an earlier request (a Retry or a route change came between) is ignored', () => {
    const first = loading();
    const retried = boundaryReducer(boundaryReducer(first, { type: 'load-failed', request: first.request, error: 'x' }), {
      type: 'retry',
    });
    expect(boundaryReducer(retried, { type: 'loaded', request: first.request, module: pageModule })).toBe(retried);
    expect(boundaryReducer(retried, { type: 'load-failed', request: first.request, error: 'late' })).toBe(retried);
  });

  test('a failed load offers a Retry; a redeploy asks for a reload instead', () => {
    const state = loading();
    expect(boundaryReducer(state, { type: 'load-failed', request: state.request, error: 'down' }).phase).toEqual({
      status: 'failed',
      error: 'down',
    });
    const redeployed = new NewVersionError('mf_catalog');
    expect(boundaryReducer(state, { type: 'load-failed', request: state.request, error: redeployed }).phase).toEqual({
      status: 'outdated',
    });
  });

  test('a Retry is the next attempt, with its own load', () => {
    const failed = boundaryReducer(loading(), { type: 'crashed', error: 'boom' });
    const retried = boundaryReducer(failed, { type: 'retry' });
    expect(retried.attempt).toBe(1);
    expect(retried.phase).toEqual({ status: 'loading' });
    expect(retried.request).toEqual({ id: ID, attempt: 1 });
  });

  test('after a crash the check decides: reload the page, load the new build, or stay on Retry', () => {
    const crashed = boundaryReducer(loaded(loading()), { type: 'crashed', error: 'boom' });
    expect(crashed.request).toBeNull();
    expect(boundaryReducer(crashed, { type: 'crash-checked', outcome: 'reload' }).phase).toEqual({ status: 'outdated' });
    expect(boundaryReducer(crashed, { type: 'crash-checked', outcome: 'reloaded' }).request).toEqual({ id: ID, attempt: 1 });
    expect(boundaryReducer(crashed, { type: 'crash-checked', outcome: 'same' })).toBe(crashed);
  });

  test('an adoption whose load failed shows the failure until a Retry, without a second load', () => {
    const adopting = initialBoundaryState(ID, { module: null });
    const failed = boundaryReducer(adopting, { type: 'adoption-failed', error: 'down' });
    expect(failed.phase).toEqual({ status: 'failed', error: 'down' });
    expect(failed.request).toBeNull();
  });

  test("another id mounted in the same place loads that id, never showing the previous one's component", () => {
    const ready = loaded(loading());
    const moved = boundaryReducer(ready, { type: 'mounted-id', id: 'mf_player/PlayPage' });
    expect(moved.phase).toEqual({ status: 'loading' });
    expect(moved.request).toEqual({ id: 'mf_player/PlayPage', attempt: 0 });
    expect(boundaryReducer(moved, { type: 'mounted-id', id: 'mf_player/PlayPage' })).toBe(moved);
  });
});
