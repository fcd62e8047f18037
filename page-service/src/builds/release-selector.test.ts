import type { RuntimeConfig } from '@portal/shared-contracts';
import { parsePointerState } from './pointer-state';
import { composeSelectors, EVERYONE, selectedConfig, type ReleaseSelector, type Selection } from './release-selector';
import { steeringHeaders, visitorOf } from './which-build';

const config = {
  remotes: { mf_catalog: 'http://live/cat.json', mf_player: 'http://live/player.json' },
} as unknown as RuntimeConfig;
const visitor = { cookies: {}, url: '/', https: false };
const fixed = (selection: Partial<Selection>): ReleaseSelector => ({ select: () => ({ ...EVERYONE, ...selection }) });

describe('composeSelectors', () => {
  test('nothing steers: everyone', () => {
    expect(composeSelectors([]).select(visitor, parsePointerState({}), config)).toEqual(EVERYONE);
  });

  test('a later selector wins per remote; keys joined in order, empty ones left out; every cookie sent', () => {
    const chosen = composeSelectors([
      fixed({
        remotes: { mf_catalog: 'http://canary/cat.json', mf_player: 'http://canary/player.json' },
        key: 'cohort',
        setCookies: ['a=1'],
      }),
      fixed({}),
      fixed({ remotes: { mf_catalog: 'http://preview/cat.json' }, key: 'preview', setCookies: ['b=2'] }),
    ]).select(visitor, parsePointerState({}), config);
    expect(chosen).toEqual({
      remotes: { mf_catalog: 'http://preview/cat.json', mf_player: 'http://canary/player.json' },
      key: 'cohort|preview',
      setCookies: ['a=1', 'b=2'],
      cacheable: true,
    });
  });

  test('cacheable only when every selector says so', () => {
    const chosen = composeSelectors([fixed({ cacheable: false }), fixed({ key: 'x' })]).select(
      visitor,
      parsePointerState({}),
      config,
    );
    expect(chosen.cacheable).toBe(false);
  });
});

test('selectedConfig puts the selected remotes over the deployed ones and leaves the rest', () => {
  const steered = selectedConfig(config, { ...EVERYONE, remotes: { mf_catalog: 'http://canary/cat.json' } });
  expect(steered.remotes).toEqual({ mf_catalog: 'http://canary/cat.json', mf_player: 'http://live/player.json' });
  expect(config.remotes.mf_catalog).toBe('http://live/cat.json');
  expect(selectedConfig(config, EVERYONE)).toBe(config);
});

describe('steeringHeaders', () => {
  const shared = 'public, s-maxage=2';
  test("everyone's answer: shared, varying by encoding only", () => {
    expect(steeringHeaders(EVERYONE, shared)).toEqual({ 'cache-control': shared, vary: 'Accept-Encoding' });
  });
  test("a cohort's answer: shared only by caches keyed by the cookie", () => {
    expect(steeringHeaders({ ...EVERYONE, key: 'k' }, shared)).toEqual({
      'cache-control': shared,
      vary: 'Accept-Encoding, Cookie',
    });
  });
  test('an answer that sets a cookie is private and never stored', () => {
    expect(steeringHeaders({ ...EVERYONE, key: 'k', setCookies: ['a=1'], cacheable: false }, shared)).toEqual({
      'cache-control': 'private, no-store',
      vary: 'Accept-Encoding, Cookie',
      'set-cookie': ['a=1'],
    });
  });
});

describe('visitorOf', () => {
  test('parses the Cookie header once', () => {
    const seen = visitorOf({ url: '/a?b', headers: { cookie: 'portal_cohort=abc.c; other=%20x' } }, true);
    expect(seen).toEqual({ cookies: { portal_cohort: 'abc.c', other: ' x' }, url: '/a?b', https: true });
    expect(Object.isFrozen(seen.cookies)).toBe(true);
  });
  test('no header, or one too long to be a browser’s: no cookies', () => {
    expect(visitorOf({ url: '/', headers: {} }, false).cookies).toEqual({});
    expect(visitorOf({ url: '/', headers: { cookie: `a=${'x'.repeat(9000)}` } }, false).cookies).toEqual({});
  });
});

describe('parsePointerState', () => {
  const canary = { version: 'v2', url: 'http://r/v2/mf-manifest.json', share: 10, id: 'k3j2x9ab', since: '2026-11-24T00:00:00Z' };
  test('reads the live release and a canary', () => {
    expect(
      parsePointerState({ version: 4, remotes: { mf_catalog: { version: 'v1', url: 'http://r/v1/mf-manifest.json', canary } } }),
    ).toEqual({
      version: 4,
      remotes: { mf_catalog: { version: 'v1', url: 'http://r/v1/mf-manifest.json', canary, revokedOverrides: [] } },
    });
  });
  test('reads the revoked preview overrides, leaving out ids a token cannot have', () => {
    const revokedOverrides = { a1b2c3d4e5f6: '2026-11-25T00:00:00Z', 'x.y': '2026-11-25T00:00:00Z' };
    expect(parsePointerState({ remotes: { mf_catalog: { revokedOverrides } } }).remotes.mf_catalog?.revokedOverrides).toEqual([
      'a1b2c3d4e5f6',
    ]);
    expect(
      parsePointerState({ remotes: { mf_catalog: { revokedOverrides: ['a1'] } } }).remotes.mf_catalog?.revokedOverrides,
    ).toEqual([]);
  });
  test.each([
    ['a share of 0', { share: 0 }],
    ['a share of 100', { share: 100 }],
    ['a share that is text', { share: '10' }],
    ['an id a cookie cannot carry', { id: 'a.b' }],
    ['a URL that is not http(s)', { url: 'javascript:alert(1)' }],
  ])('leaves out a canary with %s', (_what, bad) => {
    expect(
      parsePointerState({ remotes: { mf_catalog: { version: 'v1', url: 'u', canary: { ...canary, ...bad } } } }).remotes
        .mf_catalog?.canary,
    ).toBeNull();
  });
  test('not an object: no pointers', () => {
    expect(parsePointerState([1])).toEqual({ version: 0, remotes: {} });
  });
});
