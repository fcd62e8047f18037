/**
 * The transition type of a route change the player asked for: a site link clicked or a search
 * sent (page-change-marks.ts). Only those cross-fade the page (layout.tsx); Back and Forward, and
 * the transitions React runs while a page loads and remotes take it over, do not.
 */
export const PAGE_CHANGE = 'page-change';
