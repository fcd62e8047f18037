import { parseRuntimeConfig, resolveBrand, type Brand, type BrandFamily } from '../src';

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
    remotes: {
      mf_catalog: 'http://c/mf-manifest.json',
      mf_player: 'http://p/mf-manifest.json',
      mf_account: 'http://a/mf-manifest.json',
    },
    accountApiUrl: 'http://api',
    recaptchaSiteKey: 'key',
    brands: families,
    defaultBrand: fallback,
  };

  it('accepts a complete config', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
  });

  it('names the missing or wrong field', () => {
    expect(() => parseRuntimeConfig({ ...valid, remotes: { mf_catalog: 'x', mf_player: 'y' } })).toThrow('remotes.mf_account');
    expect(() => parseRuntimeConfig({ ...valid, accountApiUrl: 3 })).toThrow('accountApiUrl');
    expect(() => parseRuntimeConfig({ ...valid, brands: [{ ...brand('x') }] })).toThrow('brands');
    expect(() => parseRuntimeConfig({ ...valid, defaultBrand: { id: 'd' } })).toThrow('defaultBrand');
    expect(() => parseRuntimeConfig(null)).toThrow('expected an object');
  });
});
