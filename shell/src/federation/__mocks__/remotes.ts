// The federation loader for tests of what mounts remotes (`jest.mock('./remotes')`), and their one
// seam: each test sets what `loadRemoteModule` does; nothing here touches Module Federation.
export class NewVersionError extends Error {}
export const loadRemoteModule = jest.fn();
export const afterRenderFailure = jest.fn(() => Promise.resolve('same'));
export const trackMount = jest.fn(() => () => undefined);
