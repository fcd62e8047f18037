// One page of the site, as HTML: the shell's index.html with the page pre-rendered into it
// (header, footer, the route's content from the remote's fragment or its placeholder), the
// page's title, icon, description and link-preview tags, the shell's stylesheet inlined (the
// first paint needs no second request, decision 0028), the runtime config inlined as JSON data,
// the page's JSON-LD (with the game's figures) and preload hints for the remotes it mounts. The CSP's script hashes come
// from the same document, so header and HTML always match.
// Without the pre-renderer the page still gets the config and the hints; a rendering error
// gives the plain shell, which starts in the browser as before.
import { escapeHtml, type RuntimeConfig } from 'shared-contracts';
import type { RemoteFiles } from '../sources/remote-files';
import { inlineConfigTag, jsonForScript } from './inline-config';
import { preloadHints, sharedChunkHints } from './preload-hints';
import { pageFragments } from './remote-fragments';
import type { PrerenderedPage } from 'shared-contracts/fragments';
import type { GameStatsSnapshot } from 'shared-contracts/play-data';
import { styleElementText, type ShellFiles } from './shell-build';
import { metaTagsHtml } from 'shared-contracts/seo';

/** JSON-LD is data, never run: no CSP hash is needed, and '</script>' cannot end it early. */
function structuredDataHtml(documents: readonly string[] = []): string {
  return documents
    .map((text) => {
      try {
        return `<script type="application/ld+json">${jsonForScript(JSON.parse(text))}</script>`;
      } catch {
        return ''; // not JSON: left out rather than breaking the page
      }
    })
    .join('');
}

export interface PageRequest {
  /** Path and query as asked for. */
  url: string;
  hostname: string;
  /** scheme://host as the player asked for it (og:url, canonical links). */
  origin: string;
  config: RuntimeConfig;
  /** Every game's figures (plays, likes, Home's rows); null when the API could not give them. */
  stats: GameStatsSnapshot | null;
}

export interface RenderedDocument {
  html: string;
  /** Whether the page's content was pre-rendered (false: the plain shell with config and hints). */
  prerendered: boolean;
  /** A page of the catalogue for crawlers (not search results, the profile or "not found"). */
  indexable: boolean;
  /**
   * The HTTP status: 410 for the play page of a game the link checker found dead (decision 0058),
   * 404 for a page the site does not have (the pre-renderer says which), else 200.
   */
  status: number;
}

/** The game of a play page's path, if it is one. */
const GAME_PATH = /^\/game\/(\d+)\/?$/;

/**
 * Whether a remote's pre-rendered page may stand in the server's HTML while some games are
 * unavailable: not if it links to one of them (its build knew every game; the remote, starting
 * in the browser, leaves them out, and the page would change under the player).
 */
const linksToAny = (html: string, gameIds: ReadonlySet<number>) =>
  [...html.matchAll(/href="\/game\/(\d+)"/g)].some((link) => gameIds.has(Number(link[1])));

const noindex = (page: PrerenderedPage) => page.metaTags.some((tag) => tag.key === 'robots' && /noindex/i.test(tag.content));

/** The page's status as its pre-render says, when it is one an HTML page may have; else 200. */
const statusOf = (page: PrerenderedPage | null): number =>
  page?.status !== undefined && Number.isInteger(page.status) && page.status >= 200 && page.status < 600 ? page.status : 200;

export async function renderDocument(
  shell: ShellFiles,
  remoteFiles: RemoteFiles,
  { url, hostname, origin, config, stats }: PageRequest,
  onRenderError: (error: unknown) => void = () => undefined,
): Promise<RenderedDocument> {
  if (shell.index === null) throw new Error('the shell build has no index.html');
  let document = shell.index;
  const pageUrl = url === '/index.html' ? '/' : url;
  const remotes = (config.remotes as Record<string, string> | undefined) ?? {};
  const unavailable = new Set(stats?.unavailable ?? []);
  const pathname = new URL(pageUrl, origin).pathname;
  const deadGame = Number(GAME_PATH.exec(pathname)?.[1] ?? Number.NaN);
  // The play page of a dead game: the player's remote draws "isn't available" and alternatives.
  const gone = unavailable.has(deadGame);
  let page: PrerenderedPage | null = null;
  let styleOf = (_id: string) => '';
  if (shell.renderPage) {
    try {
      const fragments = await pageFragments(remoteFiles, remotes, pathname);
      styleOf = (id) => fragments.styleOf(id);
      const fragmentOf = (id: Parameters<typeof fragments.fragmentOf>[0]) => {
        const fragment = fragments.fragmentOf(id);
        if (!fragment || unavailable.size === 0) return fragment;
        return gone || linksToAny(fragment.html, unavailable) ? undefined : fragment;
      };
      page = shell.renderPage(pageUrl, config, hostname, origin, fragmentOf, stats);
    } catch (error) {
      onRenderError(error);
    }
  }
  const hints = sharedChunkHints(shell.manifest) + (await preloadHints(remoteFiles, page?.remoteModules ?? [], remotes));
  if (shell.stylesheet) {
    const { link, href, css } = shell.stylesheet;
    document = document.replace(link, () => `<style data-href="/${href}">${css}</style>`);
  }
  if (page) {
    const { title, metaTags, favicon, rootAttributes, html } = page;
    document = document
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>${metaTagsHtml(metaTags)}`)
      .replace(/<link rel="icon" href="[^"]*">/, () => `<link rel="icon" href="${escapeHtml(favicon)}">`)
      .replace('<div id="root"></div>', () => `<div id="root"${rootAttributes}>${html}</div>`);
  }
  // The stylesheet of each remote page drawn from its fragment: its content paints styled at once.
  const fragmentStyles = (page?.fragments ?? [])
    .map((id) => `<style data-remote-fragment-style="${escapeHtml(id)}">${styleElementText(styleOf(id))}</style>`)
    .join('');
  const head = `${fragmentStyles}${inlineConfigTag(config)}${structuredDataHtml(page?.structuredData)}${hints}`;
  return {
    html: document.replace('</head>', () => `${head}</head>`),
    prerendered: page !== null,
    indexable: page !== null && !noindex(page),
    status: gone ? 410 : statusOf(page),
  };
}
