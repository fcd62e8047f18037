// The federation loader for tests of what mounts remotes (`jest.mock('./remotes')`), the one test
// seam of RemoteBoundary: each test gives `loadRemoteModule` its answers; nothing here touches
// Module Federation.
export class NewVersionError extends Error {}
export const loadRemoteModule = jest.fn();
export const afterRenderFailure = jest.fn(() => Promise.resolve('same'));
export const trackMount = jest.fn(() => () => undefined);
