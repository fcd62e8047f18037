// Rendered pages kept in memory, keyed by everything that changes their bytes (scheme, host,
// path and query, and the versions of the config, the shell's build and the remotes' files), so
// a change draws the page again on its next request and nothing else does. Each document is
// compressed once per encoding, off the event loop (zlib's thread pool), and only when a client
// first asks for that encoding: a page drawn again with the same bytes (a change it does not
// show, such as another game's plays) keeps its compressed copies and its ETag. At a quality that
// takes milliseconds (every new query string is a page no cache has, and brotli's best took about
// 100 ms of CPU each); nginx keeps the compressed copy it gets (deploy/page-cache.conf). One render per
// key at a time: a burst of requests for a page that changed waits for one render instead of
// running twenty.
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
  /** The HTTP status the page is answered with (410: a game found dead, decision 0058). */
  status: number;
  /** Strong validator of the uncompressed bytes; each encoding adds its own suffix. */
  etag: string;
  /** CPU time the render took, in ms (the page service's metrics and the bench read it). */
  renderMs: number;
  /** Whether it may be kept here: a page drawn without its pre-render (an error) is not. */
  cacheable: boolean;
  /**
   * Whether it has everything it is made of (its pre-render, every remote's files): only a
   * whole page is sent as cacheable by a shared cache. One without a remote's content is kept
   * here (its key moves when that remote answers) but sent `private, no-store`.
   */
  whole: boolean;
}

/** A document's copies, one per encoding asked for. */
type Compressed = Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>;

/** zlib settings per encoding, for the request path. */
export const COMPRESSION = { brotliQuality: 5, gzipLevel: 6 } as const;

function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  const { brotliQuality, gzipLevel } = COMPRESSION;
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: gzipLevel });
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
  private readonly entries = new Map<string, Promise<CachedPage>>();
  /** Compressed copies by the document's ETag (its bytes), as many as pages are kept. */
  private readonly compressed = new Map<string, Compressed>();
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
    const kept = this.entries.get(key);
    if (kept) {
      this.hits += 1;
      touch(this.entries, key, kept, this.maxEntries);
      return kept;
    }
    this.misses += 1;
    const page = render();
    touch(this.entries, key, page, this.maxEntries);
    try {
      const rendered = await page;
      this.onRendered?.(rendered);
      if (!rendered.cacheable && this.entries.get(key) === page) this.entries.delete(key);
      return rendered;
    } catch (error) {
      if (this.entries.get(key) === page) this.entries.delete(key);
      throw error;
    }
  }

  /**
   * The page's bytes in `encoding` for a request: the copy kept, else compressed now (once per
   * document kept).
   */
  encoded(page: CachedPage, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(page.body);
    const copies: Compressed = this.compressed.get(page.etag) ?? new Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>();
    touch(this.compressed, page.etag, copies, this.maxEntries);
    const kept = copies.get(encoding);
    if (kept) return kept;
    const bytes = compress(page.body, encoding);
    copies.set(encoding, bytes);
    // A failed compression is not kept: the next request tries again.
    bytes.catch(() => {
      if (copies.get(encoding) === bytes) copies.delete(encoding);
    });
    return bytes;
  }
}

/** Puts `key` last (most recently used) and drops the first entries past `max`. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
