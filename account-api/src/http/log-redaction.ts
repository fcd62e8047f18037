/**
 * Request logs carry the path only (decision 0007, step 6): SPEC §7 puts passwords and profile
 * fields (phone, address, date of birth) in query strings, and codes and tokens travel there
 * too, so no query string is ever written. Bodies and header values are never logged.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : `${url.slice(0, queryStart)}?…`;
}
