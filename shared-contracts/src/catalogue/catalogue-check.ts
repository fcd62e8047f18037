// The checks of the catalogue's data (games.json, games-added.json): run when the shell is built
// (shell/scripts/seo-files.mjs) and by the tests, never in the browser. '@portal/shared-contracts/catalogue-check'.
import { KNOWN_CATEGORIES, toGames, type Game, type RawGame } from './game';

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
 * Validates raw catalogue data. Throws a CatalogueError naming the first bad entry, so a broken
 * games.json fails the shell's build (shell/scripts/seo-files.mjs) and the test suite instead of
 * the page.
 */
export function parseCatalogue(raw: unknown, addedById: Readonly<Record<string, string>> = {}): Game[] {
  if (!Array.isArray(raw)) throw new CatalogueError('Catalogue must be a JSON array of games');
  const seenIds = new Set<number>();
  const checked = raw.map((entry: unknown, index): RawGame => {
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
    return { id, name, category, image, link, tags };
  });
  for (const [id, day] of Object.entries(addedById))
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new CatalogueError(`games-added.json, game ${id}: date added must be YYYY-MM-DD`);
  return toGames(checked, addedById);
}
