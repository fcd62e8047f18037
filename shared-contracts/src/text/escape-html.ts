// The project's one HTML escaper, for the few strings written around React's output (the page's
// head, a mail, the sitemap's XML): the five characters React escapes, escaped as React does, so
// a value reads the same whichever of them wrote it. `&#x27;` is valid in XML too.
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
