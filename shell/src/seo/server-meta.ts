/**
 * The attribute that marks the page's meta tags, written by the server into the first page
 * (page-service/src/render/document.ts) and by the client's lookup on navigation (./page-head).
 */
export const PAGE_META_ATTRIBUTE = 'data-page-meta';

/** The server pre-rendered this page's title and tags: start-up leaves them as they are. */
export const hasServerPageMeta = (doc: Document): boolean => doc.head.querySelector(`meta[${PAGE_META_ATTRIBUTE}]`) !== null;
