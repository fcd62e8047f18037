import { parseRuntimeConfig, REMOTE_NAMES, resolveBrand, type Brand, type BrandFamily } from '../src';

const brand = (id: string): Brand => ({
  id,
  name: id,
  logo: `/${id}.svg`,
  title: id,
  favicon: `/${id}.svg`,
  blurb: `${id} blurb`,
});
const families: BrandFamily[] = [
  { ...brand('primary'), hosts: ['playverse.games', '*.playverse.games'] },
  { ...brand('alternate'), hosts: ['gamenest.fun', '*.gamenest.fun'] },
];
const fallback = brand('default');

describe('resolveBrand (product §1 branding by host)', () => {
  it.each([
    ['playverse.games', 'primary'],
    ['www.playverse.games', 'primary'],
    ['WWW.PlayVerse.Games', 'primary'],
    ['playverse.games.', 'primary'],
    ['gamenest.fun', 'alternate'],
    ['play.gamenest.fun', 'alternate'],
    ['localhost', 'default'],
    ['evilplayverse.games', 'default'],
    ['playverse.games.evil.com', 'default'],
    ['other-host.test', 'default'],
  ])('%s gets the %s brand', (host, expected) => {
    expect(resolveBrand(host, families, fallback).id).toBe(expected);
  });

  it('returns the brand without its host list', () => {
    expect(resolveBrand('gamenest.fun', families, fallback)).toEqual(brand('alternate'));
  });
});

describe('parseRuntimeConfig', () => {
  const valid = {
    // Every remote of the registry (parts.json), so adding a remote needs no edit here.
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://${name}/mf-manifest.json`])),
    accountApiUrl: 'http://api',
    recaptchaSiteKey: 'key',
    brands: families,
    defaultBrand: fallback,
  };

  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('names the missing or wrong field', () => {
    const { mf_account: _missing, ...withoutAccount } = valid.remotes;
    expect(() => parseRuntimeConfig({ ...valid, remotes: withoutAccount })).toThrow('remotes.mf_account');
    expect(() => parseRuntimeConfig({ ...valid, accountApiUrl: 3 })).toThrow('accountApiUrl');
    expect(() => parseRuntimeConfig({ ...valid, brands: [{ ...brand('x') }] })).toThrow('brands');
    expect(() => parseRuntimeConfig({ ...valid, defaultBrand: { id: 'd' } })).toThrow('defaultBrand');
    expect(() => parseRuntimeConfig(null)).toThrow('expected an object');
  });
});
