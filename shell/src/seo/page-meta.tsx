import type { Brand } from '@portal/shared-contracts';
import { usePageMeta } from './use-page-meta';

/** Renders nothing: keeps the document's title and meta tags in step with the route. */
export function PageMeta({ brand }: { brand: Brand }) {
  usePageMeta(brand);
  return null;
}
