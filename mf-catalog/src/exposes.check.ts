// Compile-time proof that this remote exposes exactly what shared-contracts declares: `satisfies`
// rejects a missing expose, an undeclared one, and an expose whose exports have the wrong shape.
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
