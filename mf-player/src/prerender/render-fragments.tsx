// The play page of every catalogue game rendered at build time (decision 0032), as the shell
// mounts it when the site names no game hosts of its own. scripts/write-fragments.mjs writes
// them to dist/fragments.json; the site's server puts the page's fragment into its HTML, where
// the frame starts loading the game before any script. Built for Node by rspack.fragments.config.js.
import { gameDetailsOf } from '@portal/shared-contracts/game-details';
import { publishedPages, renderFragmentPages } from '@portal/build-config/prerender/render-pages';
import { primeGameDetails } from '../game-details';
import { PlayPage } from '../play/play-page';

// The feed's texts are in the server's HTML: the browser keeps that part of the page as it is
// until its own copy of the texts has come (React hydrates it then).
primeGameDetails(gameDetailsOf);

export function renderFragments() {
  return renderFragmentPages(publishedPages('game', PlayPage, {}));
}
