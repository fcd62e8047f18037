// The catalogue's pages rendered at build time (decision 0032): Home, All Games, every
// category and every tag (each page's published paths, shared-contracts' page rules), as the shell mounts them. scripts/write-fragments.mjs calls this after the browser
// build and writes dist/fragments.json beside the manifest; the site's server puts the page's
// fragment into its HTML. Built for Node by rspack.fragments.config.js.
import { ROUTES, type Brand } from '@portal/shared-contracts';
import { fragmentPage, publishedPages, renderFragmentPages } from '@portal/build-config/prerender/render-pages';
import { AllGamesPage } from '../all-games/all-games-page';
import { CategoryPage } from '../categories/category-page';
import { HomePage } from '../home/home-page';
import { TagPage } from '../tags/tag-page';

/** The last segment of the path the server looks up for a name a remote did not draw. */
const UNKNOWN_NAME = '*';

/** Home takes the site's brand: its strings become slots the shell fills per host. */
const BRAND: Brand = { id: '', name: '', logo: '', title: '', favicon: '', blurb: '' };

export function renderFragments() {
  return renderFragmentPages([
    ...publishedPages('home', HomePage, { brand: BRAND }),
    ...publishedPages('allGames', AllGamesPage, {}),
    ...publishedPages('category', CategoryPage, {}),
    ...publishedPages('tag', TagPage, {}),
    // The one page for every category or tag the catalogue does not have ('Page not found' and
    // the ones it has): the site's server uses it for any such name (UNKNOWN_NAME).
    fragmentPage('CategoryPage', ROUTES.category.replace(':categoryName', UNKNOWN_NAME), ROUTES.category, CategoryPage, {}),
    fragmentPage('TagPage', ROUTES.tag.replace(':tag', UNKNOWN_NAME), ROUTES.tag, TagPage, {}),
  ]);
}
