/** The Network Information API's part read here (Chromium, Android browsers). */
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether speculative downloads are welcome: never when the player asked to save data, nor on a
 * connection the browser rates as 2G (`2g`, `slow-2g`), where every byte competes with the page
 * in use. Browsers without the API (Safari, Firefox) count as a good connection.
 */
export function prefetchWelcome(navigatorLike: Navigator = navigator): boolean {
  const connection = (navigatorLike as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return connection.saveData !== true && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}
