// A player's words in a report reach an operator's terminal (`npm run reports`) and any page
// that lists reports: no control character may travel with them. An escape sequence (ESC, the
// one-byte CSI U+009B, OSC ended by BEL) could erase or forge lines or plant hidden links, and
// a bidirectional override could show the words in another order than they were written.

// Matching control characters is this module's whole job.
/* eslint-disable no-control-regex */
/** C0 controls but the line feed, DEL, C1 controls, and the bidirectional marks and overrides. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** The same, with the line feed and the Unicode line and paragraph separators: nothing a terminal acts on. */
const NOT_PRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/* eslint-enable no-control-regex */

/**
 * The words as stored: line breaks kept (as \n), a tab read as a space, every other control
 * character dropped, trimmed; null when nothing is left.
 */
export function cleanReportText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const clean = text
    .replace(/\r\n?|[\u2028\u2029]/gu, '\n')
    .replace(/\t/gu, ' ')
    .replace(UNSAFE, '')
    .trim();
  return clean === '' ? null : clean;
}

const escaped = (char: string) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;

/** One line for a terminal: runs of white space as one space, any control left shown as \uXXXX. */
export function terminalLine(text: string): string {
  return text.replace(/\s+/gu, ' ').replace(NOT_PRINTABLE, escaped);
}

/** What JSON.stringify leaves raw inside strings (it escapes C0 controls itself). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** JSON for a terminal: DEL, C1 and the rest escaped too, so it is still the same JSON. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, escaped);
}
