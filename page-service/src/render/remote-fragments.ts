// The remotes' pages rendered at their build (fragments.json beside each remote's manifest,
// decision 0032), for the page being served: the shell's pre-renderer draws the page's fragment
// where the remote will mount, and the page's head gets the fragment's stylesheet. A remote
// without the file, or down, leaves its page with the placeholder.
import { fragmentPieces, type FragmentPieces } from '@portal/shared-contracts/fragments';
import type { RemoteFiles } from '../sources/remote-files';
import { fitsStyleElement } from './style-element';

const FRAGMENT_FILE = 'fragments.json';

/** The path as the site's links spell it: each segment as encodeURIComponent writes it, no trailing slash. */
export function canonicalPath(pathname: string): string {
  const segments = pathname.split('/').map((segment) => {
    try {
      return encodeURIComponent(decodeURIComponent(segment));
    } catch {
      return segment;
    }
  });
  const path = segments.join('/');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

interface FragmentFile {
  schema: 1;
  pages: Record<string, Record<string, unknown>>;
  styles: Record<string, unknown>;
  props: Record<string, unknown>;
  linkedGames?: Record<string, Record<string, unknown>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFragmentFile = (file: unknown): file is FragmentFile =>
  isObject(file) && file.schema === 1 && isObject(file.pages) && isObject(file.styles) && isObject(file.props);

/** The URL of a remote's fragments.json, beside its manifest; null for a manifest URL that is not absolute. */
export const fragmentsUrlOf = (manifestUrl: string): string | null =>
  URL.canParse(manifestUrl) ? new URL(FRAGMENT_FILE, manifestUrl).href : null;

export interface PageFragment {
  /** The page's HTML cut at its slots (the shell's renderer fills them with its props). */
  pieces: FragmentPieces;
  props: string;
  /** The games the page links to; null when its build did not say (an older remote). */
  linkedGames: readonly number[] | null;
}

export interface PageFragments {
  /**
   * The page's fragment, the props it was rendered with (propsKey), the games it links to;
   * undefined where the file has none, or one the page cannot use: HTML with a broken slot, or a
   * stylesheet that cannot be a <style> element's text (the page is drawn with its placeholder).
   */
  fragmentOf(id: string): PageFragment | undefined;
  /** The stylesheet of the expose's fragment, as the <style> element's text. */
  styleOf(id: string): string;
}

/**
 * Where a remote keeps the one page it draws for every unknown name under a path
 * ('/categories/*' for any category it does not have): `<parent>/*`; null for a top-level path.
 */
export function unknownNameKeyOf(path: string): string | null {
  const parent = path.replace(/\/[^/]*$/, '');
  return parent === '' ? null : `${parent}/*`;
}

// What each loaded file's pages need worked out, once per file: RemoteFiles hands out the same
// parsed object until the file's content changes, so a release's pages are cut at their slots,
// and its stylesheets checked, on their first render only.
interface Prepared {
  pieces: Map<string, FragmentPieces | null>;
  styleFits: Map<string, boolean>;
}
const prepared = new WeakMap<FragmentFile, Prepared>();

function preparedOf(file: FragmentFile): Prepared {
  let found = prepared.get(file);
  if (!found) {
    found = { pieces: new Map(), styleFits: new Map() };
    prepared.set(file, found);
  }
  return found;
}

function piecesOf(file: FragmentFile, expose: string, key: string, html: string): FragmentPieces | null {
  const { pieces } = preparedOf(file);
  const name = `${expose} ${key}`;
  let cut = pieces.get(name);
  if (cut === undefined) {
    cut = fragmentPieces(html);
    pieces.set(name, cut);
  }
  return cut;
}

/** The expose's stylesheet (empty when the file has none), or null when it cannot be a <style> element's text. */
function styleOfFile(file: FragmentFile | null | undefined, expose: string): string | null {
  const css = file?.styles[expose];
  if (!file || typeof css !== 'string') return '';
  const { styleFits } = preparedOf(file);
  let fits = styleFits.get(expose);
  if (fits === undefined) {
    fits = fitsStyleElement(css);
    styleFits.set(expose, fits);
  }
  return fits ? css : null;
}

/**
 * @param remotes manifest URL per remote name (the runtime config's)
 * @param pathname the page's path
 */
export async function pageFragments(
  files: RemoteFiles,
  remotes: Record<string, string>,
  pathname: string,
): Promise<PageFragments> {
  const loaded = new Map(
    await Promise.all(
      Object.entries(remotes).map(async ([remote, manifestUrl]): Promise<[string, FragmentFile | null]> => {
        const url = fragmentsUrlOf(manifestUrl);
        const file = url ? await files.get(url) : null;
        return [remote, isFragmentFile(file) ? file : null];
      }),
    ),
  );
  const path = canonicalPath(pathname);
  const unknownName = unknownNameKeyOf(path);
  const fileOf = (id: string) => loaded.get(id.split('/')[0] ?? '');
  const exposeOf = (id: string) => id.split('/')[1] ?? '';
  const cssOf = (id: string): string | null => styleOfFile(fileOf(id), exposeOf(id));
  return {
    fragmentOf(id) {
      const file = fileOf(id);
      const expose = exposeOf(id);
      const pages = file?.pages[expose];
      // A page the remote did not draw at its build may be a name it does not have (a 404 page).
      const key = pages?.[path] !== undefined || unknownName === null ? path : unknownName;
      const html = pages?.[key];
      const props = file?.props[expose];
      if (!file || typeof html !== 'string' || typeof props !== 'string' || cssOf(id) === null) return undefined;
      const pieces = piecesOf(file, expose, key, html);
      const linked = file.linkedGames?.[expose]?.[key];
      const linkedGames = Array.isArray(linked) && linked.every(Number.isInteger) ? (linked as number[]) : null;
      return pieces ? { pieces, props, linkedGames } : undefined;
    },
    styleOf(id) {
      return cssOf(id) ?? '';
    },
  };
}
