// Where the play-data API is: the shell names it, every part's play-data client reads it. One
// value per page because this package is a shared singleton the shell provides.
let apiBase: string | null = null;

/** The shell names the API (runtime config `accountApiUrl`) once it has its config. */
export function setPlayDataApi(baseUrl: string): void {
  apiBase = baseUrl.replace(/\/+$/, '');
}

/** The API's base URL, or null before the shell named it (standalone pages, the server). */
export function playDataApi(): string | null {
  return apiBase;
}
