// Where the play-data API is. Kept on globalThis: the shell sets it, and each remote bundles its
// own copy of this module (this subpath is not part of the shared singleton).
const API_KEY = '__gamesPortalPlayDataApi__';
type Holder = typeof globalThis & { [API_KEY]?: string };

/** The shell names the API (runtime config `accountApiUrl`) once it has its config. */
export function setPlayDataApi(baseUrl: string): void {
  (globalThis as Holder)[API_KEY] = baseUrl.replace(/\/+$/, '');
}

/** The API's base URL, or null before the shell named it (standalone pages, the server). */
export function playDataApi(): string | null {
  return (globalThis as Holder)[API_KEY] ?? null;
}
