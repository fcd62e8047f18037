import { REMOTE_NAMES, type RuntimeConfig } from '@portal/shared-contracts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));

type Runtime = {
  loadRemote: jest.Mock;
  registerPlugins: jest.Mock;
  registerRemotes: jest.Mock;
};
type Remotes = typeof import('./remotes');

// Every remote of the registry (parts.json), so adding a remote needs no edit here.
const config: Pick<RuntimeConfig, 'remotes'> = {
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `http://cdn.test/${name}/mf-manifest.json`]),
  ) as RuntimeConfig['remotes'],
};
const Component = () => null;

/** What fetch() answers for a remote's manifest naming a build. */
function manifestResponse(buildVersion: string) {
  return { ok: true, json: () => Promise.resolve({ metaData: { buildInfo: { buildVersion } } }) } as unknown as Response;
}

/** A fresh copy of the loader and of the mocked runtime (the loader keeps module state). */
function setup(): { remotes: Remotes; runtime: Runtime; manifestLoaded: (name: string, version: string) => void } {
  jest.resetModules();
  const runtime = jest.requireMock<Runtime>('@module-federation/enhanced/runtime');
  runtime.loadRemote.mockReset().mockResolvedValue({ default: Component });
  runtime.registerPlugins.mockReset();
  runtime.registerRemotes.mockReset();
  const remotes = jest.requireActual<Remotes>('./remotes');
  remotes.initRemotes(config);
  const [[plugins]] = runtime.registerPlugins.mock.calls as [[{ afterLoadManifest?: (args: unknown) => unknown }[]]];
  const manifestLoaded = (name: string, version: string) => {
    for (const plugin of plugins)
      plugin.afterLoadManifest?.({ moduleInfo: { name }, manifestJson: { metaData: { buildInfo: { buildVersion: version } } } });
  };
  return { remotes, runtime, manifestLoaded };
}

/** Calls that replaced a container (registerRemotes with force), by remote name. */
function forcedRegistrations(runtime: Runtime): string[] {
  return runtime.registerRemotes.mock.calls
    .filter(([, options]) => (options as { force?: boolean } | undefined)?.force)
    .flatMap(([list]) => (list as { name: string }[]).map((remote) => remote.name));
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  global.fetch = jest.fn(() => Promise.reject(new Error('offline'))) as jest.Mock;
});
afterEach(() => jest.restoreAllMocks());

test('a Retry re-registers only the remote that failed, once, and every other remote stays one container', async () => {
  const { remotes, runtime } = setup();
  runtime.loadRemote.mockRejectedValueOnce(new Error('catalogue down'));
  await expect(remotes.loadRemoteModule('mf_catalog/SearchPage')).rejects.toThrow('catalogue down');
  await remotes.loadRemoteModule('mf_player/PlayPage');
  await remotes.loadRemoteModule('mf_account/AccountMenu');
  expect(forcedRegistrations(runtime)).toEqual([]);

  // The player's Retry: the catalogue alone gets a new container.
  await remotes.loadRemoteModule('mf_catalog/SearchPage');
  expect(forcedRegistrations(runtime)).toEqual(['mf_catalog']);

  // Later page changes reuse every container: no sticky "fresh" flag.
  await remotes.loadRemoteModule('mf_catalog/AllGamesPage');
  await remotes.loadRemoteModule('mf_player/PlayPage');
  await remotes.loadRemoteModule('mf_account/ProfilePage');
  await remotes.loadRemoteModule('mf_account/AccountMenu');
  expect(forcedRegistrations(runtime)).toEqual(['mf_catalog']);
});

test('a load that fails without a redeploy is reported as it is, and the remote is re-registered on the next load', async () => {
  const { remotes, runtime, manifestLoaded } = setup();
  manifestLoaded('mf_catalog', '1.0.0+a');
  global.fetch = jest.fn(() => Promise.resolve(manifestResponse('1.0.0+a')));
  runtime.loadRemote.mockRejectedValueOnce(new Error('ChunkLoadError'));
  await expect(remotes.loadRemoteModule('mf_catalog/SearchPage')).rejects.toThrow('ChunkLoadError');
  expect(forcedRegistrations(runtime)).toEqual([]);
});

test('after a redeploy, a remote with nothing on the page is swapped for its new build without a reload', async () => {
  const { remotes, runtime, manifestLoaded } = setup();
  manifestLoaded('mf_catalog', '1.0.0+a');
  global.fetch = jest.fn(() => Promise.resolve(manifestResponse('1.0.0+b')));
  runtime.loadRemote.mockRejectedValueOnce(new Error('ChunkLoadError'));
  await expect(remotes.loadRemoteModule('mf_catalog/SearchPage')).resolves.toEqual({ default: Component });
  expect(forcedRegistrations(runtime)).toEqual(['mf_catalog']);
  expect(global.fetch).toHaveBeenCalledWith(config.remotes.mf_catalog, { cache: 'no-cache' });
});

test('after a redeploy, a remote with components on the page asks for a reload instead of a second container', async () => {
  const { remotes, runtime, manifestLoaded } = setup();
  manifestLoaded('mf_account', '1.0.0+a');
  const untrack = remotes.trackMount('mf_account');
  global.fetch = jest.fn(() => Promise.resolve(manifestResponse('1.0.0+b')));
  runtime.loadRemote.mockRejectedValueOnce(new Error('ChunkLoadError'));
  await expect(remotes.loadRemoteModule('mf_account/ProfilePage')).rejects.toBeInstanceOf(remotes.NewVersionError);
  expect(forcedRegistrations(runtime)).toEqual([]);
  untrack();
  expect(await remotes.afterRenderFailure('mf_account')).toBe('reloaded');
});

test('two loads hit by the same redeploy (a prefetch and its page): the second takes the container the first replaced', async () => {
  const { remotes, runtime, manifestLoaded } = setup();
  manifestLoaded('mf_catalog', '1.0.0+a');
  global.fetch = jest.fn(() => Promise.resolve(manifestResponse('1.0.0+b')));
  let failSecond: (error: Error) => void = () => undefined;
  runtime.loadRemote
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockReturnValueOnce(new Promise((_, reject) => (failSecond = reject)))
    .mockImplementationOnce(() => {
      manifestLoaded('mf_catalog', '1.0.0+b');
      return Promise.resolve({ default: Component });
    });

  const prefetch = remotes.loadRemoteModule('mf_catalog/SearchPage');
  const page = remotes.loadRemoteModule('mf_catalog/SearchPage');
  await expect(prefetch).resolves.toEqual({ default: Component });
  // The page's load on the old container fails only now, after the new build is in.
  failSecond(new Error('ChunkLoadError'));
  await expect(page).resolves.toEqual({ default: Component });
  expect(forcedRegistrations(runtime)).toEqual(['mf_catalog']);
});

test("a loaded module is kept for a mount to draw at once, until its remote's container is replaced", async () => {
  const { remotes, runtime } = setup();
  expect(remotes.loadedRemoteModule('mf_catalog/SearchPage')).toBeUndefined();
  await remotes.loadRemoteModule('mf_catalog/SearchPage');
  await remotes.loadRemoteModule('mf_player/PlayPage');
  expect(remotes.loadedRemoteModule('mf_catalog/SearchPage')).toEqual({ default: Component });
  expect(remotes.loadedRemoteModule('mf_catalog/AllGamesPage')).toBeUndefined();

  // A failed load: the catalogue's next load replaces its container, whose modules are not drawn again.
  runtime.loadRemote.mockRejectedValueOnce(new Error('catalogue down'));
  await expect(remotes.loadRemoteModule('mf_catalog/AllGamesPage')).rejects.toThrow('catalogue down');
  runtime.loadRemote.mockReturnValueOnce(new Promise(() => undefined));
  void remotes.loadRemoteModule('mf_catalog/AllGamesPage');
  expect(forcedRegistrations(runtime)).toEqual(['mf_catalog']);
  expect(remotes.loadedRemoteModule('mf_catalog/SearchPage')).toBeUndefined();
  expect(remotes.loadedRemoteModule('mf_player/PlayPage')).toEqual({ default: Component });
});
