// One page of the site, as HTML: the shell's pre-renderer draws the page (header, footer, the
// route's content from the remote's fragment or its placeholder, the page's title, icon, meta
// tags and JSON-LD), then the whole document around it (render-page.cjs's renderDocument): the
// shell's stylesheet inlined (the first paint needs no second request, decision 0028), the
// fragments' styles, the runtime config as JSON data, preload hints for the remotes it mounts, the
// CSP as a meta tag. React writes all of it; this module only gathers what goes in. The CSP's
// script hashes come from the inline scripts the renderer says it wrote, so header and meta match.
// A page that fails to pre-render gives the plain shell, which starts in the browser as before.
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { PrerenderedPage, PreviewBanner } from '@portal/shared-contracts/fragments';
import type { GameStatsSnapshot } from '@portal/shared-contracts/play-data';
import { scriptHashes } from '../headers/security-headers';
import type { RemoteFiles } from '../sources/remote-files';
import { preloadHints, sharedChunkHints } from './preload-hints';
import { pageFragments } from './remote-fragments';
import type { ShellFiles } from './shell-build';

export interface PageRequest {
  /** Path and query as asked for. */
  url: string;
  hostname: string;
  /** scheme://host as the player asked for it (og:url, canonical links). */
  origin: string;
  config: RuntimeConfig;
  /** Every game's figures (plays, likes, Home's rows); null when the API could not give them. */
  stats: GameStatsSnapshot | null;
  /** Preview overrides' banners, drawn first in the body, outside React's root. */
  banners?: readonly PreviewBanner[];
}

export interface RenderedDocument {
  html: string;
  /** The CSP's sha256 sources for the document's executable inline scripts (header and meta alike). */
  scriptHashes: string[];
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

/**
 * No page can be drawn without the shell's build: a 503 (Fastify answers with `statusCode`), so
 * nginx asks another instance or sends its fallback page; /readyz says the same.
 */
export class ShellNotBuiltError extends Error {
  readonly statusCode = 503;
}

/** The game of a play page's path, if it is one. */
const GAME_PATH = /^\/game\/(\d+)\/?$/;

const noindex = (page: PrerenderedPage) =>
  page.metaTags.some((tag) => tag.key === 'robots' && tag.content.toLowerCase().includes('noindex'));

/** The page's status as its pre-render says, when it is one an HTML page may have; else 200. */
const statusOf = (page: PrerenderedPage | null): number =>
  page?.status !== undefined && Number.isInteger(page.status) && page.status >= 200 && page.status < 600 ? page.status : 200;

export async function renderDocument(
  shell: ShellFiles,
  remoteFiles: RemoteFiles,
  { url, hostname, origin, config, stats, banners }: PageRequest,
  onRenderError: (error: unknown) => void = () => undefined,
): Promise<RenderedDocument> {
  const { assets, renderer } = shell;
  if (assets === null) throw new ShellNotBuiltError('the shell build has no entry-assets.json');
  if (renderer === null) throw new ShellNotBuiltError('the shell build has no pre-renderer (render-page.cjs)');
  const pageUrl = url === '/index.html' ? '/' : url;
  const remotes = (config.remotes as Record<string, string> | undefined) ?? {};
  const unavailable = new Set(stats?.unavailable ?? []);
  const pathname = new URL(pageUrl, origin).pathname;
  const deadGame = Number(GAME_PATH.exec(pathname)?.[1] ?? Number.NaN);
  // The play page of a dead game: the player's remote draws "isn't available" and alternatives.
  const gone = unavailable.has(deadGame);
  let page: PrerenderedPage | null = null;
  let styleOf = (_id: string) => '';
  try {
    const fragments = await pageFragments(remoteFiles, remotes, pathname);
    styleOf = (id) => fragments.styleOf(id);
    const fragmentOf = (id: Parameters<typeof fragments.fragmentOf>[0]) => {
      const fragment = fragments.fragmentOf(id);
      if (!fragment || unavailable.size === 0) return fragment;
      // Not while it links to an unavailable game (its build knew every game; the remote,
      // starting in the browser, leaves them out, and the page would change under the player).
      // A build that did not list its links may link to any.
      const links = fragment.linkedGames;
      return gone || links === null || links.some((game) => unavailable.has(game)) ? undefined : fragment;
    };
    page = renderer.renderPage(pageUrl, config, hostname, origin, fragmentOf, stats);
  } catch (error) {
    onRenderError(error);
  }
  const hints = [...sharedChunkHints(shell.manifest), ...(await preloadHints(remoteFiles, page?.remoteModules ?? [], remotes))];
  const { html, inlineScripts } = renderer.renderDocument({
    page,
    assets,
    inlineStyles: shell.inlineStyles,
    // The stylesheet of each remote page drawn from its fragment: its content paints styled at once.
    fragmentStyles: (page?.fragments ?? []).map((id) => ({ id, css: styleOf(id) })),
    config,
    hints,
    // No policy meta: every copy of a page beyond this service is nginx's cache, which keeps the
    // header (decision 0067); only the fallback page carries one (fallback-page.ts).
    ...(banners ? { banners } : {}),
  });
  return {
    html,
    // What the renderer says it wrote: the CSP header hashes exactly these.
    scriptHashes: scriptHashes(inlineScripts),
    prerendered: page !== null,
    indexable: page !== null && !noindex(page),
    status: gone ? 410 : statusOf(page),
  };
}
