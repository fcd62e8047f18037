import { resolveGameImage } from '@portal/shared-contracts';

/**
 * Base URL of this remote's deployment. Inside the shell the page's origin is the shell's,
 * so relative game images must resolve against where this bundle was served from instead.
 */
export function catalogueBaseUrl(): string {
  const publicPath = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '';
  // 'auto' publicPath resolves to an absolute URL at run time; guard the unbuilt cases (tests).
  if (/^https?:\/\//i.test(publicPath)) return publicPath;
  return typeof document === 'undefined' ? '' : new URL(publicPath || './', document.baseURI).href;
}

/** A game's image as an absolute URL the browser can load from any page. */
export function gameImageUrl(image: string): string {
  return resolveGameImage(image, catalogueBaseUrl());
}
