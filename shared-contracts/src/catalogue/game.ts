/** A game of the bundled catalogue (product §3.1). */
export interface Game {
  id: number;
  name: string;
  category: string;
  /** Relative path (resolved against the catalogue's own origin) or a full http(s) URL. */
  image: string;
  /** URL of the hosted game, embedded in the play page's frame. */
  link: string;
  /** Feed tags; optional extra used for search ranking and "similar games". */
  tags: string[];
  /**
   * The day (YYYY-MM-DD, UTC) the game entered the catalogue: from the catalogue file's git
   * history (games-added.json, scripts/catalogue/games-added.mjs). Home's "New" row and the
   * "Newest" order read it.
   */
  added?: string;
}

/** The categories product §3 names. Match-3 Games has artwork but no game. */
export const KNOWN_CATEGORIES = [
  'Arcade Games',
  'Bike Racing',
  'Card Games',
  'Casual Games',
  'Match-3 Games',
  'Puzzle Games',
  'Racing Games',
  'Strategy Games',
] as const;
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number];

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Validates raw catalogue data. Throws a CatalogueError naming the first bad entry,
 * so a broken games.json fails the build (and the test suite) instead of the page.
 */
export function parseCatalogue(raw: unknown, addedById: Readonly<Record<string, string>> = {}): Game[] {
  if (!Array.isArray(raw)) throw new CatalogueError('Catalogue must be a JSON array of games');
  const seenIds = new Set<number>();
  return raw.map((entry: unknown, index): Game => {
    const where = `catalogue entry #${index}${isRecord(entry) && typeof entry.name === 'string' && entry.name ? ` ("${entry.name}")` : ''}`;
    if (!isRecord(entry)) throw new CatalogueError(`${where}: not an object`);
    const { id, name, category, image, link, tags } = entry;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0)
      throw new CatalogueError(`${where}: id must be a positive integer`);
    if (seenIds.has(id)) throw new CatalogueError(`${where}: duplicate id ${id}`);
    seenIds.add(id);
    if (typeof name !== 'string' || name.trim() === '') throw new CatalogueError(`${where}: name must be a non-empty string`);
    if (typeof category !== 'string' || !(KNOWN_CATEGORIES as readonly string[]).includes(category))
      throw new CatalogueError(`${where}: unknown category ${JSON.stringify(category)}`);
    if (typeof image !== 'string' || image.trim() === '') throw new CatalogueError(`${where}: image must be a non-empty string`);
    if (/^https?:/i.test(image) && !isHttpUrl(image)) throw new CatalogueError(`${where}: image is not a valid URL`);
    if (typeof link !== 'string' || !isHttpUrl(link)) throw new CatalogueError(`${where}: link must be an http(s) URL`);
    if (tags !== undefined && (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')))
      throw new CatalogueError(`${where}: tags must be a list of strings`);
    // Written by scripts/catalogue/games-added.mjs; its format is checked by the catalogue's tests.
    const added = addedById[String(id)];
    return { id, name: name.trim(), category, image, link, tags: tags ?? [], ...(added === undefined ? {} : { added }) };
  });
}
