// The catalogue's pages rendered at build time (decision 0032): Home, All Games and every
// category, as the shell mounts them. scripts/write-fragments.mjs calls this after the browser
// build and writes dist/fragments.json beside the manifest; the site's server puts the page's
// fragment into its HTML. Built for Node by rspack.fragments.config.js.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { GAMES, ROUTES, categoryPath, listCategories, type Brand, type HomePageProps } from 'shared-contracts';
import { slottedProps } from 'shared-contracts/fragments';
import { AllGamesPage } from '../all-games/all-games-page';
import { CategoryPage } from '../categories/category-page';
import { HomePage } from '../home/home-page';

/** Home takes the site's brand: rendered with slots the shell fills per host. */
const SLOTTED_BRAND: Brand = { id: '', name: '', logo: '', title: '', favicon: '', blurb: '' };

interface FragmentPage {
  /** The expose the shell mounts on this page (RemoteModules). */
  expose: 'HomePage' | 'AllGamesPage' | 'CategoryPage';
  /** The page's path as the site links it. */
  path: string;
  /** The route pattern the shell mounts it under (its params reach the page). */
  route: string;
  element: ReactElement;
}

function fragmentPages(): FragmentPage[] {
  return [
    {
      expose: 'HomePage',
      path: ROUTES.home,
      route: ROUTES.home,
      element: <HomePage {...slottedProps<HomePageProps>({ brand: SLOTTED_BRAND })} />,
    },
    { expose: 'AllGamesPage', path: ROUTES.allGames, route: ROUTES.allGames, element: <AllGamesPage /> },
    ...listCategories(GAMES).map((category): FragmentPage => ({
      expose: 'CategoryPage',
      path: categoryPath(category),
      route: ROUTES.category,
      element: <CategoryPage />,
    })),
  ];
}

/** Expose name → page path → HTML (with slots for the props the shell fills). */
export function renderFragments(): Record<string, Record<string, string>> {
  const pages: Record<string, Record<string, string>> = {};
  for (const { expose, path, route, element } of fragmentPages()) {
    const html = renderToString(
      <StaticRouter location={path}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </StaticRouter>,
    );
    // React writes a preload link ahead of the markup for each high-priority image; in the
    // browser it puts those in <head> itself, and the hydrated markup must start with the page.
    pages[expose] = { ...pages[expose], [path]: html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '') };
  }
  return pages;
}
