// The remotes' pages rendered at their build (fragments.json beside each remote's manifest,
// decision 0032), for the page being served: the shell's pre-renderer draws the page's fragment
// where the remote will mount, and this server inlines the fragment's stylesheet. A remote
// without the file, or down, leaves its page with the placeholder.
import { remoteJson } from './remote-json.mjs';

const FRAGMENT_FILE = 'fragments.json';

/** The path as the site's links spell it: each segment as encodeURIComponent writes it, no trailing slash. */
export function canonicalPath(pathname) {
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

const isObject = (value) => typeof value === 'object' && value !== null;
const isFragmentFile = (file) => file?.schema === 1 && isObject(file.pages) && isObject(file.styles) && isObject(file.props);

/**
 * @param {Record<string, string>} remotes manifest URL per remote name (the runtime config's)
 * @param {string} pathname the page's path
 * @returns {Promise<{ fragmentOf: (id: string) => { html: string, props: string } | undefined, styleOf: (id: string) => string }>}
 */
export async function pageFragments(remotes, pathname) {
  const files = new Map(
    await Promise.all(
      Object.entries(remotes).map(async ([remote, manifestUrl]) => {
        if (!URL.canParse(manifestUrl)) return [remote, null];
        const file = await remoteJson(new URL(FRAGMENT_FILE, manifestUrl).href);
        return [remote, isFragmentFile(file) ? file : null];
      }),
    ),
  );
  const path = canonicalPath(pathname);
  const fileOf = (id) => files.get(id.split('/')[0]);
  const exposeOf = (id) => id.split('/')[1];
  return {
    /** The page's HTML with slots, and the props it was rendered with (propsKey). */
    fragmentOf(id) {
      const html = fileOf(id)?.pages[exposeOf(id)]?.[path];
      const props = fileOf(id)?.props[exposeOf(id)];
      return typeof html === 'string' && typeof props === 'string' ? { html, props } : undefined;
    },
    styleOf(id) {
      const css = fileOf(id)?.styles[exposeOf(id)];
      return typeof css === 'string' ? css : '';
    },
  };
}
