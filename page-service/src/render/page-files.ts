// Pages kept as files for nginx to serve itself (decision 0042): a proxy-cache hit costs nginx
// about twice a file's work, so every whole, indexable page this service draws for a path without
// a query is also written to PAGE_FILES_DIR, with its brotli and gzip copies, as
// `<scheme>/<host><path>.html` (`/` is `/.html`), the name nginx looks for with `try_files`.
// The document carries its own CSP as a meta tag; nginx adds the headers every page shares.
// While the service runs it keeps the files true: when anything pages are made of changes, it
// draws every file's page again within a second and rewrites or removes each whose bytes changed
// (files another instance wrote too: they are all on the same disk). A file is written and
// renamed, so nginx never reads half of one.
import { mkdirSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { CachedPage, Encoding, PageCache } from './page-cache';
import type { PageAsked, SiteRenderer } from './site-renderer';

const COPIES: readonly Exclude<Encoding, 'identity'>[] = ['br', 'gzip'];
const SUFFIX = { br: '.br', gzip: '.gz' } as const;
/** Longest path kept as a file (names stay well inside the file system's limits). */
const MAX_PATH = 512;
/** Characters a host has in a file name: what page-routes.ts lets through as a Host header. */
const HOST = /^[a-z0-9.:[\]-]{1,260}$/i;
/** How long a page this instance saw on disk is taken to be there still. */
const TRUST_KNOWN_MS = 10_000;

/**
 * The file a page is kept in, relative to the folder, or null when it is not kept: a query, a
 * path nginx would spell differently once decoded (so the file is found under exactly the name
 * nginx asks for), dot segments, or a name too long.
 */
export function pageFileOf({ url, host, https }: PageAsked): string | null {
  if (url.includes('?') || url.includes('#') || url.length > MAX_PATH || !HOST.test(host)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || encodeURI(decoded) !== url) return null;
  if (/[\0\\]|\/\/|\/\.\.?(\/|$)/.test(decoded) || (decoded !== '/' && decoded.endsWith('/'))) return null;
  return `${https ? 'https' : 'http'}/${host}${decoded}.html`;
}

/** The page a kept file holds (the reverse of pageFileOf), or null for anything else in the folder. */
export function pageAskedOf(file: string): PageAsked | null {
  const match = /^(https?)\/([^/]+)(\/.*)\.html$/.exec(file);
  if (!match) return null;
  const [, scheme, host = '', decoded = ''] = match;
  const asked = { url: encodeURI(decoded), host, https: scheme === 'https' };
  return pageFileOf(asked) === file ? asked : null;
}

export interface PageFilesOptions {
  dir: string;
  renderer: Pick<SiteRenderer, 'newVisitorPage' | 'inputsVersion' | 'warm'>;
  cache: Pick<PageCache, 'strongest'>;
  /** At most this many pages are kept (Host headers are the client's: the disk is not). */
  maxFiles?: number;
  checkEveryMs?: number;
  log: { warn(details: object, message: string): void };
}

export class PageFiles {
  /**
   * What this instance knows to be on disk: the file, the ETag of its bytes and when it looked.
   * Looked at again after a while: another instance may have removed a file since.
   */
  private readonly known = new Map<string, { etag: string; at: number }>();
  private readonly writing = new Set<string>();
  private readonly pending = new Set<Promise<boolean>>();
  private readonly timer: NodeJS.Timeout;
  private version = '';
  private checking: Promise<void> | null = null;
  private warnedFull = false;
  private readonly maxFiles: number;
  written = 0;
  removed = 0;

  constructor(private readonly options: PageFilesOptions) {
    this.maxFiles = options.maxFiles ?? 2_000;
    mkdirSync(options.dir, { recursive: true });
    this.timer = setInterval(() => void this.check(), options.checkEveryMs ?? 1_000);
    this.timer.unref();
  }

  /** A page this service has just drawn: kept as a file if it may be and is not there yet. */
  offer(asked: PageAsked, page: CachedPage): void {
    const file = pageFileOf(asked);
    if (!file || !page.keepAsFile || this.writing.has(file)) return;
    const known = this.known.get(file);
    if (known?.etag === page.etag && Date.now() - known.at < TRUST_KNOWN_MS) return;
    if (!this.known.has(file) && this.known.size >= this.maxFiles) {
      if (!this.warnedFull)
        this.options.log.warn({ maxFiles: this.maxFiles }, 'page files: folder full, new pages stay in nginx cache');
      this.warnedFull = true;
      return;
    }
    const write = this.keep(file, page);
    this.pending.add(write);
    void write.finally(() => this.pending.delete(write));
  }

  /** Resolves once the writes offered so far are done (tests, and a service about to stop). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  /**
   * When anything pages are made of has changed, every kept page (this instance's and the
   * others') is drawn again, and rewritten or removed if its bytes changed.
   */
  check(): Promise<void> {
    this.checking ??= this.checkOnce().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async checkOnce(): Promise<void> {
    const { renderer, log } = this.options;
    try {
      // Keeps the remotes' files in use (refreshed) while nginx serves the pages without us.
      await renderer.warm();
      const version = await renderer.inputsVersion();
      if (version === this.version) return;
      let complete = true;
      for (const file of new Set([...(await this.filesOnDisk()), ...this.writing])) {
        const asked = pageAskedOf(file);
        if (!asked) continue;
        const page = await renderer.newVisitorPage(asked).catch(() => null);
        // A write already on its way may hold a page drawn before the change: look again next time.
        if (page?.keepAsFile) complete = (await this.keep(file, page)) && complete;
        // A remote unreachable for now: the file keeps its last whole page, looked at again next time.
        else if (page && !page.whole) complete = false;
        else await this.remove(file);
      }
      if (complete) this.version = version;
    } catch (error) {
      log.warn({ err: error }, 'page files: could not bring the kept pages up to date');
    }
  }

  /** Writes the page unless the file already holds these bytes; false if another write was on its way. */
  private async keep(file: string, page: CachedPage): Promise<boolean> {
    if (this.writing.has(file)) return false;
    this.writing.add(file);
    const target = path.join(this.options.dir, file);
    try {
      const onDisk = await fs.readFile(target).catch(() => null);
      if (!onDisk || !onDisk.equals(page.body)) {
        await fs.mkdir(path.dirname(target), { recursive: true });
        // The compressed copies first and the page last: nginx looks for the page.
        for (const encoding of COPIES)
          await writeAtomically(target + SUFFIX[encoding], await this.options.cache.strongest(page, encoding));
        await writeAtomically(target, page.body);
        this.written += 1;
      }
      this.known.set(file, { etag: page.etag, at: Date.now() });
    } catch (error) {
      // Logged, not retried every second: a full or read-only disk is the operator's to fix.
      this.options.log.warn({ err: error, file }, 'page files: a page could not be written');
    } finally {
      this.writing.delete(file);
    }
    return true;
  }

  private async remove(file: string): Promise<void> {
    const target = path.join(this.options.dir, file);
    // The page first: without it nginx asks this service, whatever copies are left.
    for (const name of [target, target + SUFFIX.br, target + SUFFIX.gzip]) await fs.rm(name, { force: true });
    if (this.known.delete(file)) this.removed += 1;
  }

  private async filesOnDisk(): Promise<string[]> {
    const entries = await fs.readdir(this.options.dir, { recursive: true }).catch(() => []);
    return entries.map((entry) => entry.split(path.sep).join('/')).filter((entry) => entry.endsWith('.html'));
  }
}

let sequence = 0;

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${(sequence += 1)}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}
