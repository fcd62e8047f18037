/** What sharing did: the system share sheet, a copied link, nothing (cancelled), or failed. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  title: string;
  url: string;
}

type ShareNavigator = Pick<Navigator, 'clipboard'> & Partial<Pick<Navigator, 'share' | 'canShare'>>;

/**
 * Web Share API where the browser has it (phones), else the link goes to the clipboard.
 * A player closing the share sheet is 'cancelled', not an error.
 */
export async function shareOrCopy(target: ShareTarget, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  const data = { title: target.title, url: target.url };
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no permission, not allowed here): fall through to the clipboard.
    }
  }
  try {
    await nav.clipboard.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
