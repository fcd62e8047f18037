import { catalogueGameHosts, GAMES, httpOrigin, isAllowedGameLink, parseRuntimeConfig, REMOTE_NAMES } from '../src';

describe('game hosts', () => {
  it("defaults to the catalogue's hosts", () => {
    expect(catalogueGameHosts(GAMES)).toEqual(['https://html5.gamemonetize.com']);
  });

  it('allows only links on a listed origin, never the site itself', () => {
    const hosts = ['https://html5.gamemonetize.com'];
    expect(isAllowedGameLink('https://html5.gamemonetize.com/abc/', hosts)).toBe(true);
    expect(isAllowedGameLink('https://evil.example/abc/', hosts)).toBe(false);
    expect(isAllowedGameLink('http://html5.gamemonetize.com/abc/', hosts)).toBe(false);
    expect(isAllowedGameLink('javascript:alert(1)', hosts)).toBe(false);
    expect(isAllowedGameLink('https://site.example/x', ['https://site.example'], 'https://site.example')).toBe(false);
    expect(httpOrigin('HTTPS://Games.Example:443/x')).toBe('https://games.example');
  });

  it('validates gameHosts in config.json', () => {
    const base = {
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://${name}/mf-manifest.json`])),
      accountApiUrl: 'http://localhost:8000',
      recaptchaSiteKey: 'k',
      brands: [],
      defaultBrand: { id: 'd', name: 'n', logo: 'l', title: 't', favicon: 'f', blurb: 'b' },
    };
    expect(parseRuntimeConfig({ ...base, gameHosts: ['https://games.example'] }).gameHosts).toEqual(['https://games.example']);
    expect(() => parseRuntimeConfig({ ...base, gameHosts: ['games.example'] })).toThrow(/gameHosts/);
    expect(parseRuntimeConfig(base).gameHosts).toBeUndefined();
  });
});
