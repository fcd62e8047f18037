import { catalogueBaseUrl, gameImageUrl } from './catalogue-image';

type PublicPathHolder = { __webpack_public_path__?: string };
const holder = globalThis as unknown as PublicPathHolder;

afterEach(() => {
  delete holder.__webpack_public_path__;
});

describe('game images resolve against the catalogue deployment (product §3)', () => {
  test('full http(s) URLs are used as they are', () => {
    holder.__webpack_public_path__ = 'http://localhost:8081/';
    expect(gameImageUrl('https://img.gamemonetize.com/x/512x512.jpg')).toBe('https://img.gamemonetize.com/x/512x512.jpg');
  });

  test("relative paths resolve against this remote's public path, not the shell page", () => {
    // The page (jsdom) is on http://localhost/, like the shell would be on its own origin.
    holder.__webpack_public_path__ = 'https://catalog.cdn.example/v3/';
    expect(catalogueBaseUrl()).toBe('https://catalog.cdn.example/v3/');
    expect(gameImageUrl('thumbs/ninja.png')).toBe('https://catalog.cdn.example/v3/thumbs/ninja.png');
    expect(gameImageUrl('thumbs/ninja.png')).not.toContain(window.location.origin);
  });

  test('without a runtime public path (tests, tooling) the document base is used', () => {
    expect(catalogueBaseUrl()).toBe(new URL('./', document.baseURI).href);
    expect(gameImageUrl('thumbs/ninja.png')).toBe(new URL('thumbs/ninja.png', document.baseURI).href);
  });
});
