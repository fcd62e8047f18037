// Compile-time proof that this remote exposes exactly what shared-contracts declares.
import type { ExposesOf } from 'shared-contracts';
import * as HomePage from './exposes/home-page';
import * as AllGamesPage from './exposes/all-games-page';
import * as CategoriesRedirect from './exposes/categories-redirect';
import * as CategoryPage from './exposes/category-page';
import * as SearchPage from './exposes/search-page';

export const exposedModules = {
  './HomePage': HomePage,
  './AllGamesPage': AllGamesPage,
  './CategoriesRedirect': CategoriesRedirect,
  './CategoryPage': CategoryPage,
  './SearchPage': SearchPage,
} satisfies ExposesOf<'mf_catalog'>;

// Every declared expose must be present (satisfies alone allows extras to be missing).
type Missing = Exclude<keyof ExposesOf<'mf_catalog'>, keyof typeof exposedModules>;
export const noMissingExposes: Missing extends never ? true : Missing = true;
