// A remote's pages rendered at its build, for the site's server (decision 0032): each page as
// the shell mounts it, at its path, with slots for its string props. Build tooling, Node only: a
// remote's fragments build (src/prerender/, rspack.fragments.config.js) imports it as
// '@portal/build-config/prerender/render-pages'; no browser bundle does.
import { text } from 'node:stream/consumers';
import type { ComponentType, ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createPath, matchPath, Route, Router, Routes, type Navigator, type To } from 'react-router-dom';
import { GAMES, PAGES, ROUTES, type PageEntry, type PageName } from '@portal/shared-contracts';
import { propsKey, slottedProps } from '@portal/shared-contracts/fragments';
import { PAGE_RULES } from '@portal/shared-contracts/seo';

export interface FragmentPage {
  /** The expose the shell mounts on this page (RemoteModules). */
  expose: string;
  /** The page's path as the site links it. */
  path: string;
  /** The route pattern the shell mounts it under (its params reach the page). */
  route: string;
  propsKey: string;
  element: ReactElement;
}

/** One page: the component with the props the shell gives it, strings as slots. */
export function fragmentPage<Props extends object>(
  expose: string,
  path: string,
  route: string,
  Component: ComponentType<Props>,
  props: Props,
): FragmentPage {
  // Slotted strings are strings still: the component renders them like any other.
  const slotted = slottedProps(props) as Props;
  return { expose, path, route, propsKey: propsKey(props), element: <Component {...slotted} /> };
}

/**
 * A remote's page of the site's list (shared-contracts' PAGES) at every path its rule publishes
 * (the sitemap's paths of that page), as the shell mounts it.
 */
export function publishedPages<Props extends object>(
  name: PageName,
  Component: ComponentType<Props>,
  props: Props,
): FragmentPage[] {
  const page: PageEntry = PAGES[name];
  if (!('remote' in page)) throw new Error(`${name} is one of the shell's own pages, not a remote's`);
  const expose = page.remote.slice(page.remote.indexOf('/') + 1);
  return (PAGE_RULES[name].published?.(GAMES) ?? []).map((path) => fragmentPage(expose, path, page.path, Component, props));
}

/**
 * A static router's navigator that records every href the page's links ask it for: what the page
 * links to, known from its render rather than read back out of its HTML.
 */
function recordingNavigator(hrefs: Set<string>): Navigator {
  const ignore = () => undefined;
  return {
    createHref(to: To) {
      const href = typeof to === 'string' ? to : createPath(to);
      hrefs.add(href);
      return href;
    },
    encodeLocation: (to: To) =>
      typeof to === 'string' ? { pathname: to, search: '', hash: '' } : { pathname: '', search: '', hash: '', ...to },
    go: ignore,
    push: ignore,
    replace: ignore,
  };
}

/** The ids of the play pages among these hrefs. */
const gameIdsOf = (hrefs: Iterable<string>): number[] =>
  [...new Set([...hrefs].map((href) => Number(matchPath(ROUTES.game, href.split(/[?#]/)[0] ?? '')?.params.gameId)))]
    .filter(Number.isInteger)
    .sort((a, b) => a - b);

/**
 * The page's markup, as the browser hydrates it inside the shell's tree. React preloads each
 * image that loads at once; rendered alone, with no <head> to put them in, it would write those
 * <link>s ahead of the markup. Given `onHeaders`, it hands them over as a Link header instead, and
 * the build drops the header: each such <img> asks for its own priority where it stands, and the
 * page's head is the shell's. React keeps to the header only the high-priority images (of any
 * number, under this length) and others up to 500 characters: a page with more eager images of
 * normal priority would still lead with links, and the build stops rather than publish it.
 */
async function pageMarkup(element: ReactElement, where: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    onHeaders: () => undefined,
    maxHeadersLength: 1 << 20,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await text(prelude);
  if (html.startsWith('<link'))
    throw new Error(`${where}: React put image preloads ahead of the markup; make its eager images fetchPriority="high" or lazy`);
  return html;
}

/** Expose name → page path → HTML, each expose's props key, and page path → the games it links to. */
export async function renderFragmentPages(list: readonly FragmentPage[]): Promise<{
  pages: Record<string, Record<string, string>>;
  props: Record<string, string>;
  linkedGames: Record<string, Record<string, number[]>>;
}> {
  const pages: Record<string, Record<string, string>> = {};
  const props: Record<string, string> = {};
  const linkedGames: Record<string, Record<string, number[]>> = {};
  for (const { expose, path, route, propsKey: key, element } of list) {
    const hrefs = new Set<string>();
    const html = await pageMarkup(
      <Router location={path} navigator={recordingNavigator(hrefs)} static>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </Router>,
      `${expose} at ${path}`,
    );
    pages[expose] = { ...pages[expose], [path]: html };
    linkedGames[expose] = { ...linkedGames[expose], [path]: gameIdsOf(hrefs) };
    props[expose] = key;
  }
  return { pages, props, linkedGames };
}
