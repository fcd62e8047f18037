import { RemoteFiles } from '../sources/remote-files';
import { jsonServer } from '../testing/json-server';
import { fillSlots, propsKey, slottedProps } from '@portal/shared-contracts/fragments';
import { canonicalPath, pageFragments } from './remote-fragments';

/** A slot as a remote's build writes it for the prop at `path`. */
const SLOT = (path: string) => `\uE000${path}\uE001`;
const BRAND = { brand: { name: 'Arcade & Co', blurb: 'Play' } };
const HOME_PROPS = propsKey(BRAND);

test('a page path is looked up as the site links it', () => {
  expect(canonicalPath('/categories/Arcade%20Games')).toBe('/categories/Arcade%20Games');
  expect(canonicalPath('/categories/Arcade Games')).toBe('/categories/Arcade%20Games');
  expect(canonicalPath('/all-games/')).toBe('/all-games');
  expect(canonicalPath('/')).toBe('/');
  expect(canonicalPath('/categories/%E0%A4%A')).toBe('/categories/%E0%A4%A');
});

describe("a remote's fragments.json", () => {
  const file = {
    schema: 1,
    pages: { AllGamesPage: { '/all-games': '<h1>All Games</h1>' } },
    styles: { AllGamesPage: '.page{}' },
    props: { AllGamesPage: '{}' },
  };
  let remote: Awaited<ReturnType<typeof jsonServer>>;
  const files = new RemoteFiles();
  beforeAll(async () => {
    remote = await jsonServer({
      '/catalogue/fragments.json': file,
      '/broken/fragments.json': '{"schema": 2}',
      '/unknown/fragments.json': {
        schema: 1,
        pages: {
          CategoryPage: { '/categories/Arcade%20Games': '<h1>Arcade Games</h1>', '/categories/*': '<h1>Page not found</h1>' },
        },
        styles: {},
        props: { CategoryPage: '{}' },
        linkedGames: { CategoryPage: { '/categories/*': [3, 8] } },
      },
      '/without-props/fragments.json': { schema: 1, pages: file.pages, styles: file.styles },
      // Schema 1 as every remote build writes it (and the release store keeps): HTML with slots.
      '/slotted/fragments.json': {
        schema: 1,
        pages: {
          HomePage: { '/': `<h1>${SLOT('brand.name')}</h1><p>${SLOT('brand.blurb')}</p>` },
          AllGamesPage: { '/all-games': '<h1>\uE000brand.name</h1>' },
        },
        styles: { HomePage: '.home{}' },
        props: { HomePage: HOME_PROPS, AllGamesPage: '{}' },
      },
      '/unfit-style/fragments.json': { ...file, styles: { AllGamesPage: '.a::after{content:"</STYLE><script>x()</script>"}' } },
    });
  });
  afterAll(async () => {
    files.close();
    await remote.close();
  });

  test("the page's fragment comes from fragments.json beside the remote's manifest, with its stylesheet", async () => {
    const fragments = await pageFragments(files, { mf_catalog: `${remote.base}/catalogue/mf-manifest.json` }, '/all-games/');
    expect(fragments.fragmentOf('mf_catalog/AllGamesPage')).toEqual({
      pieces: { html: ['<h1>All Games</h1>'], slots: [] },
      props: '{}',
      linkedGames: null,
    });
    expect(fragments.styleOf('mf_catalog/AllGamesPage')).toBe('.page{}');
    expect(fragments.fragmentOf('mf_catalog/HomePage')).toBeUndefined();
  });

  test("a name the remote did not draw gets the page it draws for every unknown name under that path ('/x/*'), if any", async () => {
    const manifest = `${remote.base}/unknown/mf-manifest.json`;
    const at = async (path: string) =>
      (await pageFragments(files, { mf_catalog: manifest }, path)).fragmentOf('mf_catalog/CategoryPage');
    const whole = (html: string) => ({ html: [html], slots: [] });
    expect(await at('/categories/Arcade%20Games')).toEqual({
      pieces: whole('<h1>Arcade Games</h1>'),
      props: '{}',
      linkedGames: null,
    });
    expect(await at('/categories/Nope')).toEqual({ pieces: whole('<h1>Page not found</h1>'), props: '{}', linkedGames: [3, 8] });
    expect(await at('/categories')).toBeUndefined();
    expect(await at('/elsewhere/Nope')).toBeUndefined();
  });

  test("a fragment's HTML is cut at its slots, once per loaded file: the shell's renderer fills them by a join", async () => {
    const manifest = `${remote.base}/slotted/mf-manifest.json`;
    expect(slottedProps(BRAND).brand.name).toBe(SLOT('brand.name'));
    const home = (await pageFragments(files, { mf_catalog: manifest }, '/')).fragmentOf('mf_catalog/HomePage');
    expect(home?.pieces).toEqual({ html: ['<h1>', '</h1><p>', '</p>'], slots: ['brand.name', 'brand.blurb'] });
    expect(home && fillSlots(home.pieces, BRAND)).toBe('<h1>Arcade &amp; Co</h1><p>Play</p>');
    // The same file, another render: the pieces cut the first time.
    const again = (await pageFragments(files, { mf_catalog: manifest }, '/')).fragmentOf('mf_catalog/HomePage');
    expect(again?.pieces).toBe(home?.pieces);
  });

  test('a page whose HTML has an unclosed slot gets no fragment (its placeholder)', async () => {
    const fragments = await pageFragments(files, { mf_catalog: `${remote.base}/slotted/mf-manifest.json` }, '/all-games');
    expect(fragments.fragmentOf('mf_catalog/AllGamesPage')).toBeUndefined();
  });

  test('a page whose stylesheet would end its <style> element early gets no fragment and no style, never a rewritten one', async () => {
    const fragments = await pageFragments(files, { mf_catalog: `${remote.base}/unfit-style/mf-manifest.json` }, '/all-games');
    expect(fragments.fragmentOf('mf_catalog/AllGamesPage')).toBeUndefined();
    expect(fragments.styleOf('mf_catalog/AllGamesPage')).toBe('');
  });

  test('a remote without the file, with a file of another shape (or without props), down, or with a relative URL gives no fragment', async () => {
    for (const manifestUrl of [
      `${remote.base}/nothing/mf-manifest.json`,
      `${remote.base}/broken/mf-manifest.json`,
      `${remote.base}/without-props/mf-manifest.json`,
      'http://127.0.0.1:9/mf-manifest.json',
      '/mf-catalog/mf-manifest.json',
    ]) {
      const fragments = await pageFragments(files, { mf_catalog: manifestUrl }, '/all-games');
      expect(fragments.fragmentOf('mf_catalog/AllGamesPage')).toBeUndefined();
      expect(fragments.styleOf('mf_catalog/AllGamesPage')).toBe('');
    }
  });
});
