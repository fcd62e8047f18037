import type { Brand } from 'shared-contracts';

/** Puts the brand's page title and icon on the document (product §1 branding by host). */
export function applyBrandToDocument(brand: Brand, doc: Document = document): void {
  doc.title = brand.title;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  icon.href = brand.favicon;
  icon.type = brand.favicon.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
}
