export * from './page-meta';
export * from './sitemap';
export * from './game-page';
