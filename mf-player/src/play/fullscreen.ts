// The Fullscreen API, with the webkit prefix iPadOS Safari before 16.4 still needs.
// (iPhone Safari has no element fullscreen at all: there the button is hidden.)
// Older Safari lacks `fullscreenEnabled` although the DOM types say it is always there.
type PrefixedDocument = Omit<Document, 'fullscreenEnabled'> & { fullscreenEnabled?: boolean; webkitFullscreenEnabled?: boolean };
type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => void };

/** False when the browser lacks the API or a permissions policy forbids fullscreen here. */
export function isFullscreenSupported(doc: Document = document): boolean {
  const prefixed = doc as PrefixedDocument;
  return (prefixed.fullscreenEnabled ?? prefixed.webkitFullscreenEnabled) === true;
}

export async function enterFullscreen(element: HTMLElement): Promise<void> {
  const prefixed = element as PrefixedElement;
  if (typeof prefixed.requestFullscreen === 'function') {
    await prefixed.requestFullscreen({ navigationUI: 'hide' });
  } else {
    prefixed.webkitRequestFullscreen?.();
  }
}
