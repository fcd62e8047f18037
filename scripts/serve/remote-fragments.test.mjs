import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { canonicalPath, pageFragments } from './remote-fragments.mjs';

test('a page path is looked up as the site links it', () => {
  assert.equal(canonicalPath('/categories/Arcade%20Games'), '/categories/Arcade%20Games');
  assert.equal(canonicalPath('/categories/Arcade Games'), '/categories/Arcade%20Games');
  assert.equal(canonicalPath('/all-games/'), '/all-games');
  assert.equal(canonicalPath('/'), '/');
  assert.equal(canonicalPath('/categories/%E0%A4%A'), '/categories/%E0%A4%A');
});

let server;
let base;
before(async () => {
  const file = {
    schema: 1,
    pages: { AllGamesPage: { '/all-games': '<h1>All Games</h1>' } },
    styles: { AllGamesPage: '.page{}' },
    props: { AllGamesPage: '{}' },
  };
  server = http.createServer((req, res) => {
    if (req.url === '/catalogue/fragments.json')
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(file));
    else if (req.url === '/broken/fragments.json') res.writeHead(200).end('{"schema": 2}');
    else if (req.url === '/without-props/fragments.json')
      res.writeHead(200).end(JSON.stringify({ schema: 1, pages: file.pages, styles: file.styles }));
    else res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => server.close());

test("the page's fragment comes from fragments.json beside the remote's manifest, with its stylesheet", async () => {
  const fragments = await pageFragments({ mf_catalog: `${base}/catalogue/mf-manifest.json` }, '/all-games/');
  assert.deepEqual(fragments.fragmentOf('mf_catalog/AllGamesPage'), { html: '<h1>All Games</h1>', props: '{}' });
  assert.equal(fragments.styleOf('mf_catalog/AllGamesPage'), '.page{}');
  assert.equal(fragments.fragmentOf('mf_catalog/HomePage'), undefined);
});

test('a remote without the file, with a file of another shape (or without the props its pages were rendered with), down, or with a relative URL gives no fragment', async () => {
  const fragments = await pageFragments(
    {
      mf_player: `${base}/player/mf-manifest.json`,
      mf_account: `${base}/broken/mf-manifest.json`,
      mf_catalog: 'http://127.0.0.1:9/mf-manifest.json',
      mf_other: '/relative/mf-manifest.json',
      mf_old: `${base}/without-props/mf-manifest.json`,
    },
    '/all-games',
  );
  for (const id of [
    'mf_player/PlayPage',
    'mf_account/ProfilePage',
    'mf_catalog/AllGamesPage',
    'mf_other/Page',
    'mf_old/AllGamesPage',
  ]) {
    assert.equal(fragments.fragmentOf(id), undefined);
  }
  assert.equal(fragments.styleOf('mf_catalog/AllGamesPage'), '');
});
