export * from './page-meta';
export * from './sitemap';
export * from './game-page';
export * from './page-rules';
