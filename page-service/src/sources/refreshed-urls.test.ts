import { RefreshedUrls, type FetchOnce } from './refreshed-urls';

const TIMINGS = {
  firstFetchTimeoutMs: 500,
  fetchTimeoutMs: 100,
  refreshEveryMs: 10,
  forgetAfterMs: 1_000,
  keepThroughErrorsMs: 5_000,
};

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** A service whose answer the test sets: a value, "unchanged", or no answer at all. */
function service() {
  let answer: Awaited<ReturnType<FetchOnce<string>>> | 'down' = { value: 'a', identity: 'a', etag: 'v1' };
  const asked: (string | null)[] = [];
  const fetchOnce: FetchOnce<string> = (_url, { etag }) => {
    asked.push(etag);
    return answer === 'down' ? Promise.reject(new Error('down')) : Promise.resolve(answer);
  };
  return { fetchOnce, asked, set: (next: typeof answer) => (answer = next) };
}

describe('a value read by URL and refreshed in the background', () => {
  test('the first ask waits for it; the version moves only when the value does; a 304 keeps it', async () => {
    const api = service();
    const urls = new RefreshedUrls(api.fetchOnce, TIMINGS);
    const first = await urls.get('u');
    expect(first.value).toBe('a');
    api.set('unchanged');
    await until(() => api.asked.length > 3);
    expect(api.asked.at(-1)).toBe('v1');
    expect(await urls.get('u')).toEqual(first);
    api.set({ value: 'a again', identity: 'a', etag: 'v2' });
    await until(() => api.asked.includes('v2'));
    expect((await urls.get('u')).version).toBe(first.version);
    api.set({ value: 'b', identity: 'b', etag: 'v3' });
    await until(() => urls.peek('u') === 'b');
    expect(urls.versionOf('u')).not.toBe(first.version);
    urls.close();
  });

  test('a service that stops answering keeps its last value for a while, then none', async () => {
    let clock = 0;
    const api = service();
    const urls = new RefreshedUrls(api.fetchOnce, TIMINGS, () => clock);
    const had = await urls.get('u');
    api.set('down');
    const asked = api.asked.length;
    await until(() => api.asked.length > asked + 2);
    expect((await urls.get('u')).value).toBe('a');
    clock += 6_000;
    await until(() => urls.peek('u') === null);
    expect(urls.versionOf('u')).not.toBe(had.version);
    urls.close();
  });

  test('a URL no page asks for is forgotten, and fetched again when asked', async () => {
    let clock = 0;
    const api = service();
    const urls = new RefreshedUrls(api.fetchOnce, TIMINGS, () => clock);
    await urls.get('u');
    clock += 2_000;
    await until(() => urls.versionOf('u') === 0);
    expect(urls.peek('u')).toBeNull();
    expect((await urls.get('u')).value).toBe('a');
    urls.close();
  });
});
