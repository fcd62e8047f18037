/**
 * Alphabetical order for names and categories, as people read it: case and accents ignored,
 * numbers by value ("Car Rush 2" before "Car Rush 10"), spaces and punctuation before digits,
 * digits before letters.
 *
 * Why not Intl.Collator: building the first ICU collator in a page loads its collation tables,
 * 20-60 ms of main-thread work on a desktop and four times that on a phone, in one block on every
 * first visit (decision 0030). This gives the same order as
 * `new Intl.Collator('en', { sensitivity: 'base', numeric: true })` for Latin-script names; the
 * tests hold it to that on the whole catalogue and on tricky cases.
 */

const DIGIT_RUN = /\d+|\D/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** One character, or a whole run of digits as its value. */
type Unit = string | number;

/** Lower case, no accents, digit runs as numbers: "Éclair 10b" -> ["e","c","l","a","i","r"," ",10,"b"]. */
function unitsOf(name: string): Unit[] {
  const folded = (/^[\x20-\x7e]*$/.test(name) ? name : name.normalize('NFD').replace(COMBINING_MARKS, '')).toLowerCase();
  return (folded.match(DIGIT_RUN) ?? []).map((unit) => (unit.length > 1 || (unit >= '0' && unit <= '9') ? Number(unit) : unit));
}

/** Spaces and punctuation (0) sort before numbers (1), numbers before letters (2), as in ICU. */
function rankOf(unit: Unit): number {
  if (typeof unit === 'number') return 1;
  return /\p{L}/u.test(unit) ? 2 : 0;
}

/** ICU's root order of the ASCII spaces, punctuation and symbols (all before digits and letters). */
const SYMBOL_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';

/** Position among symbols; others (non-ASCII) after them, by code point. */
const symbolPosition = (unit: string) => {
  const at = SYMBOL_ORDER.indexOf(unit);
  return at === -1 ? SYMBOL_ORDER.length + (unit.codePointAt(0) ?? 0) : at;
};

function compareUnits(a: readonly Unit[], b: readonly Unit[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a[i] as Unit;
    const y = b[i] as Unit;
    if (x === y) continue;
    const byRank = rankOf(x) - rankOf(y);
    if (byRank !== 0) return byRank;
    if (typeof x === 'string' && typeof y === 'string' && rankOf(x) === 0) return symbolPosition(x) - symbolPosition(y);
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** A comparator for `Array.prototype.sort`: negative when `a` comes first. */
export function compareNames(a: string, b: string): number {
  return compareUnits(unitsOf(a), unitsOf(b));
}

/** Sorts by a name, folding each name once rather than on every comparison. */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, units: unitsOf(nameOf(item)) }));
  keyed.sort((a, b) => compareUnits(a.units, b.units));
  return keyed.map(({ item }) => item);
}
