export * from './page-meta';
export * from './sitemap';
