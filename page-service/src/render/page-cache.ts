// Rendered pages kept in memory, keyed by everything that changes their bytes (scheme, host,
// path and query, and the versions of the config, the shell's build and the remotes' files), so
// a change draws the page again on its next request and nothing else does. Each page is
// compressed once per encoding, off the event loop (zlib's thread pool), and only when a client
// first asks for that encoding. One render per key at a time: a burst of requests for a page
// that changed waits for one render instead of running twenty.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  /** The document, uncompressed. */
  body: Buffer;
  /** Headers that belong to this document (its CSP, whose hashes come from its inline scripts). */
  headers: Record<string, string>;
  /** Strong validator of the uncompressed bytes; each encoding adds its own suffix. */
  etag: string;
  /** CPU time the render took, in ms (the page service's metrics and the bench read it). */
  renderMs: number;
  /** Whether it may be kept: a page drawn without its pre-render (an error) is not. */
  cacheable: boolean;
}

interface Entry {
  page: Promise<CachedPage>;
  encoded: Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>;
}

/** The client's preferred encoding we can send; anything unknown or malformed gets identity. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    // A weight that is not a number between 0 and 1 makes the coding unacceptable, not preferred.
    const weights = params
      .filter((param) => /^\s*q=/.test(param))
      .map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]);
    accepted.set(name, weights.length === 0 ? 1 : weights[0] === undefined ? 0 : Number(weights[0]));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

export const etagOf = (body: Buffer): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  hits = 0;
  misses = 0;
  /** Told of every page drawn (the page service's metrics time renders with it). */
  onRendered: ((page: CachedPage) => void) | null = null;

  constructor(private readonly maxEntries = 1_000) {}

  get size(): number {
    return this.entries.size;
  }

  /** The page of `key`, rendered by `render` if no copy is kept or under way. */
  async page(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      // Most recently used last: the first entry is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.page;
    }
    this.misses += 1;
    const page = render();
    const fresh: Entry = { page, encoded: new Map() };
    this.entries.set(key, fresh);
    const oldest = this.entries.keys().next();
    if (this.entries.size > this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
    try {
      const rendered = await page;
      this.onRendered?.(rendered);
      if (!rendered.cacheable && this.entries.get(key) === fresh) this.entries.delete(key);
      return rendered;
    } catch (error) {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
      throw error;
    }
  }

  /** The page's bytes in `encoding`, compressed at most once per kept page. */
  encoded(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(page.body);
    const entry = this.entries.get(key);
    const existing = entry?.encoded.get(encoding);
    if (existing) return existing;
    const compressed =
      encoding === 'br'
        ? brotli(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
        : gzipAsync(page.body, { level: 9 });
    entry?.encoded.set(encoding, compressed);
    return compressed;
  }
}
