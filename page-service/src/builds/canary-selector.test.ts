import type { RuntimeConfig } from '@portal/shared-contracts';
import { canarySelector, drawShare, formatCohorts, parseCohorts } from './canary-selector';
import { parsePointerState } from './pointer-state';
import type { Visitor } from './release-selector';

const config = { remotes: {} } as unknown as RuntimeConfig;
const canaryOf = (id: string, share = 10) => ({ version: 'v2', url: `http://r/${id}/mf-manifest.json`, share, id, since: null });
const state = (canaries: Record<string, ReturnType<typeof canaryOf> | null>) =>
  parsePointerState({
    version: 1,
    remotes: Object.fromEntries(
      Object.entries(canaries).map(([remote, canary]) => [remote, { version: 'v1', url: `http://r/${remote}/v1.json`, canary }]),
    ),
  });
const visit = (cookie?: string, https = false): Visitor => ({
  cookies: cookie === undefined ? {} : { portal_cohort: cookie },
  url: '/',
  https,
});
const always = (inCanary: boolean) => canarySelector({ draw: () => inCanary });

describe('the canary selector', () => {
  test('no canary, no cookie: everyone, nothing set', () => {
    expect(always(true).select(visit(), state({ mf_catalog: null }), config)).toEqual({
      remotes: {},
      key: '',
      setCookies: [],
      cacheable: true,
    });
  });

  test('a new visitor drawn into the canary gets its URL, a cohort key and the cookie; the answer is private', () => {
    const chosen = always(true).select(visit(), state({ mf_catalog: canaryOf('abc') }), config);
    expect(chosen.remotes).toEqual({ mf_catalog: 'http://r/abc/mf-manifest.json' });
    expect(chosen.key).toBe('mf_catalog.abc.c');
    expect(chosen.cacheable).toBe(false);
    expect(chosen.setCookies).toEqual([`portal_cohort=abc.c; Max-Age=${30 * 86400}; Path=/; HttpOnly; SameSite=Lax`]);
  });

  test('a new visitor not drawn stays on the live release, but is a cohort too (it must not be served a file)', () => {
    const chosen = always(false).select(visit(), state({ mf_catalog: canaryOf('abc') }), config);
    expect(chosen.remotes).toEqual({});
    expect(chosen.key).toBe('mf_catalog.abc.s');
    expect(chosen.setCookies).toEqual([expect.stringMatching(/^portal_cohort=abc\.s;/)]);
  });

  test('over https the cookie is Secure', () => {
    expect(always(true).select(visit(undefined, true), state({ mf_catalog: canaryOf('abc') }), config).setCookies[0]).toMatch(
      /; Secure/,
    );
  });

  test('a returning visitor keeps the cohort drawn (whatever a draw would say now), and the answer is shared', () => {
    for (const [label, url] of [
      ['c', { mf_catalog: 'http://r/abc/mf-manifest.json' }],
      ['s', {}],
    ] as const) {
      const chosen = always(label !== 'c').select(visit(`abc.${label}`), state({ mf_catalog: canaryOf('abc') }), config);
      expect(chosen).toEqual({ remotes: url, key: `mf_catalog.abc.${label}`, setCookies: [], cacheable: true });
    }
  });

  test('a new canary (new id) draws again; the ended one is dropped from the cookie', () => {
    const chosen = always(false).select(visit('old.c'), state({ mf_catalog: canaryOf('new') }), config);
    expect(chosen.key).toBe('mf_catalog.new.s');
    expect(chosen.remotes).toEqual({});
    expect(chosen.setCookies).toEqual([expect.stringMatching(/^portal_cohort=new\.s;/)]);
  });

  test('after the canary ends the cookie is deleted and the visitor gets everyone’s page', () => {
    const chosen = always(true).select(visit('abc.c'), state({ mf_catalog: null }), config);
    expect(chosen.key).toBe('');
    expect(chosen.remotes).toEqual({});
    expect(chosen.cacheable).toBe(false);
    expect(chosen.setCookies).toEqual([expect.stringMatching(/^portal_cohort=; Max-Age=0; Path=\//)]);
  });

  test('two canaries: one draw each, one cookie, one key spelled the same whatever the order', () => {
    const selector = canarySelector({ draw: (canary) => canary.id === 'cat' });
    const chosen = selector.select(visit(), state({ mf_player: canaryOf('pl'), mf_catalog: canaryOf('cat') }), config);
    expect(chosen.key).toBe('mf_catalog.cat.c,mf_player.pl.s');
    expect(chosen.remotes).toEqual({ mf_catalog: 'http://r/cat/mf-manifest.json' });
    expect(chosen.setCookies[0]).toMatch(/^portal_cohort=cat\.c_pl\.s;/);
    const again = selector.select(visit('pl.s_cat.c'), state({ mf_catalog: canaryOf('cat'), mf_player: canaryOf('pl') }), config);
    expect(again.key).toBe(chosen.key);
  });

  test('a malformed cookie is drawn again, never trusted', () => {
    const chosen = always(false).select(visit('abc.x_<script>'), state({ mf_catalog: canaryOf('abc') }), config);
    expect(chosen.key).toBe('mf_catalog.abc.s');
    expect(chosen.cacheable).toBe(false);
  });
});

test('parseCohorts and formatCohorts read back what they write; at most 16 pairs are read', () => {
  expect(formatCohorts(parseCohorts('a.c_b.s'))).toBe('a.c_b.s');
  expect(parseCohorts(Array.from({ length: 40 }, (_, i) => `id${i}.c`).join('_')).size).toBe(16);
});

test('drawShare lands in the canary about its share of the time', () => {
  let inCanary = 0;
  for (let i = 0; i < 20_000; i += 1) if (drawShare(20)) inCanary += 1;
  // 20 % of 20,000 is 4,000 with a standard deviation of about 57: 4 of them either side.
  expect(inCanary).toBeGreaterThan(3_770);
  expect(inCanary).toBeLessThan(4_230);
});
