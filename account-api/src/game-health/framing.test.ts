import { framingRefusal } from './framing';

const SITE = ['https://games.example', 'https://play.brand.example'];
const GAME = 'https://html5.host.example/abc/';
const judge = (csp: string | null, xFrameOptions: string | null = null, sites = SITE) =>
  framingRefusal({ csp, xFrameOptions }, GAME, sites);

describe('whether a game page lets the site frame it', () => {
  it('allows a page that says nothing about framing', () => {
    expect(judge(null)).toBeNull();
    expect(judge('default-src *; script-src https:')).toBeNull();
  });

  it('follows X-Frame-Options when no policy names frame-ancestors', () => {
    expect(judge(null, 'DENY')).toBe('X-Frame-Options: DENY');
    expect(judge(null, 'sameorigin')).toMatch(/SAMEORIGIN/);
    // Obsolete or unknown values are ignored by browsers.
    expect(judge(null, 'ALLOW-FROM https://games.example')).toBeNull();
    expect(judge(null, 'ALLOWALL')).toBeNull();
  });

  it('lets frame-ancestors decide over X-Frame-Options', () => {
    expect(judge('frame-ancestors *', 'DENY')).toBeNull();
    expect(judge("frame-ancestors 'none'")).toMatch(/does not allow https:\/\/games\.example/);
    expect(judge("frame-ancestors 'self'")).toMatch(/does not allow/);
  });

  it('matches host, wildcard, scheme and port sources', () => {
    expect(judge('frame-ancestors https://games.example https://play.brand.example')).toBeNull();
    expect(judge('frame-ancestors https://*.example')).toBeNull();
    expect(judge('frame-ancestors https:')).toBeNull();
    expect(judge('frame-ancestors games.example *.brand.example')).toBeNull();
    // One of the site's brands left out: the game is broken for that brand's players.
    expect(judge('frame-ancestors https://games.example')).toBe('CSP frame-ancestors does not allow https://play.brand.example');
    expect(judge('frame-ancestors https://games.example:8443 https://play.brand.example')).toMatch(/games\.example/);
    expect(judge('frame-ancestors http://games.example:*', null, ['http://games.example:8080'])).toBeNull();
  });

  it('needs every enforced policy to allow the site', () => {
    expect(judge('frame-ancestors *, frame-ancestors https://other.example')).toMatch(/does not allow/);
    expect(judge('default-src *, frame-ancestors https:')).toBeNull();
  });
});
