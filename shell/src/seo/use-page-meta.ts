import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { GAMES, metaTagsFor, pageMetaFor, type Brand, type MetaTag } from 'shared-contracts';

/** Writes one tag into <head>, reusing the tag of the same key (also one the server wrote). */
function upsert(doc: Document, tag: MetaTag): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${CSS.escape(tag.key)}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(tag.attribute, tag.key);
    element.setAttribute('data-page-meta', '');
    doc.head.appendChild(element);
  }
  element.content = tag.content;
}

/** Title, description and preview tags of the current page (decision 0026), kept up on every navigation. */
export function applyPageMeta(pathname: string, search: string, brand: Brand, doc: Document = document): void {
  const meta = pageMetaFor(pathname, search, GAMES, { siteName: brand.name, homeTitle: brand.title });
  doc.title = meta.title;
  const url = new URL(pathname + search, doc.baseURI).href;
  const tags = metaTagsFor(meta, url, brand.name);
  for (const tag of tags) upsert(doc, tag);
  // Tags the previous page had and this one does not (og:image) go.
  const keys = new Set(tags.map((tag) => tag.key));
  doc.head.querySelectorAll<HTMLMetaElement>('meta[data-page-meta]').forEach((element) => {
    const key = element.getAttribute('name') ?? element.getAttribute('property') ?? '';
    if (!keys.has(key)) element.remove();
  });
}

export function usePageMeta(brand: Brand): void {
  const { pathname, search } = useLocation();
  useEffect(() => applyPageMeta(pathname, search, brand), [pathname, search, brand]);
}
