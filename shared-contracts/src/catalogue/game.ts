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

/** A catalogue entry as games.json holds it; catalogue-check.ts checks the file at the build. */
export interface RawGame {
  id: number;
  name: string;
  category: string;
  image: string;
  link: string;
  tags?: string[];
}

/**
 * The entries as the site uses them: names trimmed, tags always a list, each with its date added
 * (games-added.json). The data is trusted here: its checks (catalogue-check.ts) run when the shell
 * is built and in the tests, so the browser does not download them on every first visit.
 */
export function toGames(raw: readonly RawGame[], addedById: Readonly<Record<string, string>> = {}): Game[] {
  return raw.map(({ id, name, category, image, link, tags }) => {
    const added = addedById[String(id)];
    return { id, name: name.trim(), category, image, link, tags: tags ?? [], ...(added === undefined ? {} : { added }) };
  });
}
