/**
 * A game's `image` is a full URL when it starts with http, otherwise a path relative to the
 * catalogue's own deployment (product §3). Callers pass that deployment's base URL (in a remote:
 * __webpack_public_path__), so the image never resolves against the shell's origin by mistake.
 */
export function resolveGameImage(image: string, base: string): string {
  if (/^https?:/i.test(image)) return image;
  try {
    return new URL(image, base).href;
  } catch {
    // No usable base (e.g. an empty public path): the path is the best we have.
    return image;
  }
}
