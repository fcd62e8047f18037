import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { etagOf, PageCache, type CachedPage } from './page-cache';
import { pageAskedOf, pageFileOf, PageFiles } from './page-files';
import type { PageAsked } from './site-renderer';

const asked = (url: string, host = 'games.example', https = true): PageAsked => ({ url, host, https });

describe('the file a page is kept in', () => {
  test.each([
    ['/', 'https/games.example/.html'],
    ['/all-games', 'https/games.example/all-games.html'],
    ['/categories/Arcade%20Games', 'https/games.example/categories/Arcade Games.html'],
    ['/game/5', 'https/games.example/game/5.html'],
  ])('%s is kept as %s (the name nginx asks for: scheme, host, decoded path)', (url, file) => {
    expect(pageFileOf(asked(url))).toBe(file);
    expect(pageAskedOf(file)).toEqual(asked(url));
  });

  test('the scheme and the host (with its port) are part of the name', () => {
    expect(pageFileOf(asked('/game/5', 'localhost:9080', false))).toBe('http/localhost:9080/game/5.html');
  });

  test.each([
    ['a query', '/search?q=car'],
    ['an encoded slash', '/categories/a%2Fb'],
    ['a dot segment', '/game/../all-games'],
    ['an encoded dot segment', '/game/%2E%2E/all-games'],
    ['a trailing slash', '/all-games/'],
    ['a double slash', '//all-games'],
    ['an encoding nginx would spell otherwise', '/all%2Dgames'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['a path too long', `/${'x'.repeat(600)}`],
  ])('%s is never kept', (_, url) => {
    expect(pageFileOf(asked(url))).toBeNull();
  });

  test('a host that is not a plain name is never part of a name', () => {
    expect(pageFileOf(asked('/', '../etc'))).toBeNull();
    expect(pageAskedOf('https/games.example/all-games.html.br')).toBeNull();
    expect(pageAskedOf('https/games.example/all-games.html.123.4.tmp')).toBeNull();
  });
});

describe('page files', () => {
  let dir: string;
  let pages: Map<string, CachedPage>;
  let version: string;
  let files: PageFiles;
  const log = { warn: jest.fn() };

  const page = (html: string, keepAsFile = true): CachedPage => {
    const body = Buffer.from(html);
    return { body, headers: {}, etag: etagOf(body), renderMs: 1, status: 200, cacheable: true, keepAsFile };
  };
  const renderer = {
    warm: jest.fn(() => Promise.resolve()),
    inputsVersion: () => Promise.resolve(version),
    newVisitorPage: jest.fn(({ url }: PageAsked) => {
      const kept = pages.get(url);
      return kept ? Promise.resolve(kept) : Promise.reject(new Error('no such page'));
    }),
  };
  const onDisk = (url: string) => path.join(dir, pageFileOf(asked(url))!);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'page-files-'));
    pages = new Map([
      ['/', page('<p>Home</p>')],
      ['/game/5', page('<p>Hobo Speedster</p>')],
    ]);
    version = 'v1';
    files = new PageFiles({ dir, renderer, cache: new PageCache(), log, checkEveryMs: 60_000 });
  });
  afterEach(() => {
    files.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a page offered is written with its brotli and gzip copies, once', async () => {
    files.offer(asked('/'), pages.get('/')!);
    await files.settled();
    expect(readFileSync(onDisk('/'), 'utf8')).toBe('<p>Home</p>');
    expect(brotliDecompressSync(readFileSync(`${onDisk('/')}.br`)).toString()).toBe('<p>Home</p>');
    expect(gunzipSync(readFileSync(`${onDisk('/')}.gz`)).toString()).toBe('<p>Home</p>');
    files.offer(asked('/'), pages.get('/')!);
    await files.settled();
    expect(files.written).toBe(1);
  });

  test('a page that may not be kept, or asked for with a query, is not written', async () => {
    files.offer(asked('/search'), page('<p>Results</p>', false));
    files.offer(asked('/?from=mail'), pages.get('/')!);
    await files.settled();
    expect(existsSync(onDisk('/search'))).toBe(false);
    expect(existsSync(onDisk('/'))).toBe(false);
  });

  test('after a change, every kept page is drawn again: changed bytes rewritten, the rest left alone', async () => {
    files.offer(asked('/'), pages.get('/')!);
    files.offer(asked('/game/5'), pages.get('/game/5')!);
    await files.settled();
    await files.check();
    expect(files.written).toBe(2);
    version = 'v2';
    pages.set('/', page('<p>Home, new brand</p>'));
    await files.check();
    expect(readFileSync(onDisk('/'), 'utf8')).toBe('<p>Home, new brand</p>');
    expect(brotliDecompressSync(readFileSync(`${onDisk('/')}.br`)).toString()).toBe('<p>Home, new brand</p>');
    expect(files.written).toBe(3);
  });

  test('a kept page that can no longer be kept (or drawn) is removed with its copies', async () => {
    files.offer(asked('/game/5'), pages.get('/game/5')!);
    await files.settled();
    version = 'v2';
    pages.delete('/game/5');
    await files.check();
    expect(existsSync(onDisk('/game/5'))).toBe(false);
    expect(existsSync(`${onDisk('/game/5')}.br`)).toBe(false);
  });

  test('pages another instance wrote are brought up to date too', async () => {
    mkdirSync(path.dirname(onDisk('/game/5')), { recursive: true });
    writeFileSync(onDisk('/game/5'), '<p>old</p>');
    await files.check();
    expect(readFileSync(onDisk('/game/5'), 'utf8')).toBe('<p>Hobo Speedster</p>');
  });

  test('a change seen while a page drawn before it is being written is looked at again', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const cache = new PageCache();
    const slow = { encoded: (...args: Parameters<PageCache['encoded']>) => gate.then(() => cache.encoded(...args)) };
    files.close();
    files = new PageFiles({ dir, renderer, cache: slow, log, checkEveryMs: 60_000 });
    files.offer(asked('/'), pages.get('/')!);
    version = 'v2';
    pages.set('/', page('<p>Home, new brand</p>'));
    await files.check();
    open();
    await files.settled();
    expect(readFileSync(onDisk('/'), 'utf8')).toBe('<p>Home</p>');
    await files.check();
    expect(readFileSync(onDisk('/'), 'utf8')).toBe('<p>Home, new brand</p>');
  });

  test('no more pages than the folder may hold', async () => {
    files.close();
    files = new PageFiles({ dir, renderer, cache: new PageCache(), log, maxFiles: 1, checkEveryMs: 60_000 });
    files.offer(asked('/'), pages.get('/')!);
    await files.settled();
    files.offer(asked('/game/5'), pages.get('/game/5')!);
    await files.settled();
    expect(existsSync(onDisk('/game/5'))).toBe(false);
    expect(log.warn).toHaveBeenCalledWith({ maxFiles: 1 }, expect.stringContaining('full'));
  });
});
