// A steering cookie that nginx keys its page cache by (`$cookie_<name>`) must be read here
// exactly as nginx reads it, or one request can store one cohort's page under another cohort's
// key. nginx (1.22, ngx_http_parse_multi_header_lines) matches the name in any case, splits pairs
// at `;` and at `,`, skips only spaces, takes the value up to the next `;`, and keeps the first
// match; the `cookie` package is case-sensitive, splits at `;` only, trims tabs too, decodes `%`
// escapes and keeps the first of the exact name. Rather than trust either reading, a header that
// a lenient reader could take more than one way is called ambiguous: its answer is private and
// draws a fresh cohort (canary-selector.ts).

/** The value nginx's `$cookie_<name>` holds for this Cookie header ('' when absent, as nginx). */
export function nginxCookieValue(header: string, name: string): string {
  const lower = name.toLowerCase();
  let start = 0;
  while (start < header.length) {
    if (header.slice(start, start + name.length).toLowerCase() === lower) {
      let at = start + name.length;
      while (header[at] === ' ') at += 1;
      if (header[at] === '=') {
        at += 1;
        while (header[at] === ' ') at += 1;
        const end = header.indexOf(';', at);
        return header.slice(at, end === -1 ? header.length : end);
      }
    }
    // Skip to the next pair, as nginx does: past a `;` or `,`, then spaces.
    while (start < header.length) {
      const ch = header[start];
      start += 1;
      if (ch === ';' || ch === ',') break;
    }
    while (header[start] === ' ') start += 1;
  }
  return '';
}

/** How many pairs name this cookie to any reader: split at `;` and `,`, trimmed, in any case. */
function pairsNaming(header: string, name: string): number {
  const lower = name.toLowerCase();
  let count = 0;
  for (const pair of header.split(/[;,]/)) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim().toLowerCase() === lower) count += 1;
  }
  return count;
}

/** A value every reader spells the same way: no quotes, escapes, spaces or separators. */
const PLAIN_VALUE = /^[A-Za-z0-9._-]{1,256}$/;

export type CookieReading = { value: string | undefined; ambiguous: false } | { value: undefined; ambiguous: true };

/**
 * The cookie as both nginx and this service read it: its value (or undefined when the header
 * has none), or `ambiguous` when the header names it more than once in any case or spelling,
 * or in a form nginx and the `cookie` package would read differently.
 */
export function readKeyedCookie(header: string | undefined, name: string): CookieReading {
  const value = header ? nginxCookieValue(header, name) : '';
  const pairs = header ? pairsNaming(header, name) : 0;
  if (pairs === 0 && value === '') return { value: undefined, ambiguous: false };
  // One pair, with a plain value, that nginx finds under exactly this name (not another case).
  const plain = pairs === 1 && PLAIN_VALUE.test(value);
  if (plain && new RegExp(`(?:^|[;,] *)${name}=${value.replace(/\./g, '\\.')}(?:;|$)`).test(header ?? '')) {
    return { value, ambiguous: false };
  }
  return { value: undefined, ambiguous: true };
}
