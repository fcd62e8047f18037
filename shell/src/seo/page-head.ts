// The title and meta tags of a page (decision 0026). It needs the whole catalogue (a game's name
// and picture), so the browser loads this module only on a client-side navigation: the first
// page's tags come pre-rendered by the server (so the catalogue stays out of the start-up).
// The meta rules are '@portal/shared-contracts/seo': no remote needs them, so they stay out of the barrel.
import { GAMES, type Brand } from '@portal/shared-contracts';
import { metaTagsFor, pageMetaFor, type MetaTag } from '@portal/shared-contracts/seo';
import { PAGE_META_ATTRIBUTE } from './server-meta';

export interface PageHead {
  title: string;
  tags: MetaTag[];
  /** The HTTP status the server answers with (404: a page the site does not have). */
  status: 200 | 404;
}

export function pageHeadFor(pathname: string, search: string, brand: Brand, baseUrl: string): PageHead {
  const meta = pageMetaFor(pathname, search, GAMES, { siteName: brand.name, homeTitle: brand.title });
  const url = new URL(pathname + search, baseUrl).href;
  return { title: meta.title, tags: metaTagsFor(meta, url, brand.name), status: meta.status };
}

/** Writes one tag into <head>, reusing the tag of the same key (also one the server wrote). */
function upsert(doc: Document, tag: MetaTag): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${CSS.escape(tag.key)}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(tag.attribute, tag.key);
    element.setAttribute(PAGE_META_ATTRIBUTE, '');
    doc.head.appendChild(element);
  }
  element.content = tag.content;
}

/** Puts the page's title and tags into the document, removing the previous page's extra tags (og:image). */
export function applyPageMeta(pathname: string, search: string, brand: Brand, doc: Document = document): void {
  const { title, tags } = pageHeadFor(pathname, search, brand, doc.baseURI);
  doc.title = title;
  for (const tag of tags) upsert(doc, tag);
  const keys = new Set(tags.map((tag) => tag.key));
  doc.head.querySelectorAll<HTMLMetaElement>(`meta[${PAGE_META_ATTRIBUTE}]`).forEach((element) => {
    const key = element.getAttribute('name') ?? element.getAttribute('property') ?? '';
    if (!keys.has(key)) element.remove();
  });
}
