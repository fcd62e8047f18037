// The site's first HTML, rendered without a browser: header, footer and the route's placeholder
// (cards or the game frame's box) exactly as the shell's first client render draws them, so the
// first paint needs no JavaScript and nothing moves when the shell takes over. Where the page's
// remote published its pages (fragments.json, decision 0032), the page's content stands in for
// the placeholder. Built for Node by rspack.prerender.config.js; the site's server
// (page-service/src/render/document.ts) calls it per request with the runtime config, the request's host
// (branding by host) and the remotes' fragments, then renderDocument for the document around it.
import { renderToString } from 'react-dom/server';
import { findGameById, GAMES, resolveBrand, type RemoteModuleId, type RuntimeConfig } from '@portal/shared-contracts';
import { matchPage } from '@portal/shared-contracts/pages';
import { fillSlots, propsKey, type FragmentLookup, type PrerenderedPage } from '@portal/shared-contracts/fragments';
import {
  NO_PLAY_STATS_ATTRIBUTE,
  statsOf,
  UNAVAILABLE_GAMES_ATTRIBUTE,
  type GameStatsSnapshot,
} from '@portal/shared-contracts/play-data';
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { gamePageStructuredData } from '@portal/shared-contracts/seo';
import { App } from '../app';
import { RemoteMountCollector } from '../federation/remote-boundary';
import { FRAGMENTS_ATTRIBUTE, RemoteFragments, type RemoteFragmentSource } from '../federation/remote-fragments';
import { pageHeadFor } from '../seo/page-head';

// The pre-renderer's other entry point: the whole document around the page.
export { renderDocument } from './render-document';

/**
 * @param origin the site's origin as the player asked for it (scheme://host), for og:url.
 * @param fragmentOf the page's fragments (page-service/src/render/remote-fragments.ts).
 * @param stats every game's figures (the API's `GET /api/stats/games`), null when they could not
 *   be fetched: the play page's JSON-LD then has no rating, and Home draws no rows for them.
 *   Left out (undefined), Home keeps their space and its script decides.
 */
export function renderPage(
  url: string,
  config: RuntimeConfig,
  hostname: string,
  origin = `http://${hostname}`,
  fragmentOf: FragmentLookup = () => undefined,
  stats?: GameStatsSnapshot | null,
): PrerenderedPage {
  const brand = resolveBrand(hostname, config.brands, config.defaultBrand);
  const remoteModules = new Set<RemoteModuleId>();
  const drawn = new Map<RemoteModuleId, string>();
  const fragments: RemoteFragmentSource = {
    side: 'server',
    has(id, props) {
      const fragment = fragmentOf(id);
      // Rendered for other props (an operator's game hosts, say): the placeholder instead.
      const html = fragment?.props === propsKey(props) ? fillSlots(fragment.pieces, props) : null;
      if (html !== null) drawn.set(id, html);
      return html !== null;
    },
    release: () => undefined,
    html: (id) => drawn.get(id),
  };
  // Each fragment's HTML goes inside its boundary's Suspense markers, in the element the browser
  // hydrates the remote into (adopted-remote.tsx).
  const html = renderToString(
    <RemoteMountCollector.Provider value={(id) => remoteModules.add(id)}>
      <RemoteFragments.Provider value={fragments}>
        <App config={config} brand={brand} location={url} />
      </RemoteFragments.Provider>
    </RemoteMountCollector.Provider>,
  );
  const { pathname, search } = new URL(url, origin);
  const head = pageHeadFor(pathname, search, brand, origin);
  const noFigures = stats === null || (stats !== undefined && stats.trending.length === 0 && stats.mostPlayed.length === 0);
  // The JSON-LD the page's entry names (PAGES): a game's, for the game it shows.
  const match = matchPage(pathname);
  const gameId = match?.page.structuredData === 'game' ? match.params.gameId : undefined;
  const shownGame = gameId === undefined ? undefined : findGameById(GAMES, gameId);
  return {
    html,
    rootAttributes: {
      ...(drawn.size ? { [FRAGMENTS_ATTRIBUTE]: [...drawn.keys()].join(' ') } : {}),
      ...(noFigures ? { [NO_PLAY_STATS_ATTRIBUTE]: '' } : {}),
      // Games found dead (decision 0058): the browser's first render leaves them out as this page did.
      ...(stats?.unavailable?.length
        ? { [UNAVAILABLE_GAMES_ATTRIBUTE]: stats.unavailable.filter(Number.isInteger).join(' ') }
        : {}),
    },
    title: head.title,
    status: head.status,
    favicon: brand.favicon,
    metaTags: head.tags,
    remoteModules: [...remoteModules],
    fragments: [...drawn.keys()],
    structuredData: shownGame
      ? gamePageStructuredData(
          shownGame,
          { siteName: brand.name, origin },
          stats ? statsOf(stats, shownGame.id) : null,
          gameDetailsOf(shownGame.id)?.description,
        )
      : [],
  };
}
