import type { Brand } from '@portal/shared-contracts';
import { hasServerPageMeta } from '../seo/server-meta';

/**
 * Puts the brand's icon, and its title as a start, on the document (product §1 branding by host).
 * A page the server pre-rendered already has its own title (decision 0026): that one stays.
 */
export function applyBrandToDocument(brand: Brand, doc: Document = document): void {
  if (!hasServerPageMeta(doc)) doc.title = brand.title;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.href = brand.favicon;
  icon.type = brand.favicon.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
}
