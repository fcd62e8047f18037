// The federation loader for tests of what mounts remotes (`jest.mock('./remotes')`), and their one
// seams: each test sets what `loadRemoteModule` does, and what `loadedRemoteModule` has already
// (nothing, unless a test says so); nothing here touches Module Federation.
export class NewVersionError extends Error {}
export const loadRemoteModule = jest.fn();
export const loadedRemoteModule = jest.fn(() => undefined);
export const afterRenderFailure = jest.fn(() => Promise.resolve('same'));
export const trackMount = jest.fn(() => () => undefined);
