/** The Network Information API's part this module reads (Chromium, Android browsers). */
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether speculative downloads are welcome: never when the player asked to save data, nor on a
 * connection the browser rates as 2G (`2g`, `slow-2g`), where every byte competes with the page
 * being used. Browsers without the API (Safari, Firefox) are treated as a good connection.
 */
export function prefetchWelcome(navigatorLike: Navigator = navigator): boolean {
  const connection = (navigatorLike as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}
