import {
  catalogueGameHosts,
  findGameById,
  isAllowedGameLink,
  type Game,
  type LastPlayedGame,
  type PlayNavigationState,
} from '@portal/shared-contracts';

/** What the play page needs to embed one game. */
export interface GameSource {
  /** The gameId of the URL. */
  id: string;
  name: string;
  /** Always an http(s) URL (see toPlayableLink). */
  link: string;
  /** Known when the catalogue or storage tells it; drives the "back to category" link. */
  category?: string;
  /** Where the link came from; shown nowhere, kept for tests and debugging. */
  from: 'navigation' | 'storage' | 'catalogue';
}

export interface GameSourceInputs {
  /** The :gameId route parameter. */
  gameId: string | undefined;
  /** location.state: whatever the previous page pushed, so untrusted. */
  navigationState: unknown;
  stored: Partial<LastPlayedGame>;
  catalogue: readonly Game[];
  /** Origins whose pages may be framed; absent: the catalogue's hosts. */
  gameHosts?: readonly string[];
  /** The site's own origin: never framed (the frame has allow-same-origin). */
  siteOrigin?: string;
}

/**
 * The link, normalised, if it may be put in the frame: only http(s). Anything else
 * (javascript:, data:, blob:, relative paths, garbage) could run in the portal's origin
 * or show something that is not a hosted game.
 */
export function toPlayableLink(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The fields of a PlayNavigationState that are really there, from an untyped location.state. */
export function readNavigationState(state: unknown): Partial<PlayNavigationState> {
  if (typeof state !== 'object' || state === null) return {};
  const { gameLink, gameName } = state as Record<string, unknown>;
  return {
    gameLink: typeof gameLink === 'string' ? gameLink : undefined,
    gameName: typeof gameName === 'string' ? gameName : undefined,
  };
}

/**
 * Decides which game the play page embeds (product §2.11):
 * 1. navigation state (a card click passes link and name);
 * 2. local storage, but only when it remembers the game of the URL (its gameId equals the
 *    URL's), so a reload plays the same game while a stale entry never hijacks another URL;
 * 3. the bundled catalogue entry of the URL's id, so a shared link always plays what it names.
 * A source counts only with a non-blank name and an http(s) link on a configured game host (never
 * the site's own origin); none left means "Game not found".
 */
export function resolveGameSource({
  gameId,
  navigationState,
  stored,
  catalogue,
  gameHosts = catalogueGameHosts(catalogue),
  siteOrigin,
}: GameSourceInputs): GameSource | undefined {
  if (gameId === undefined || gameId.trim() === '') return undefined;
  const catalogueGame = findGameById(catalogue, gameId);

  const fromState = readNavigationState(navigationState);
  const candidates: Array<{ link?: string; name?: string; category?: string; from: GameSource['from'] }> = [
    { link: fromState.gameLink, name: fromState.gameName, category: catalogueGame?.category, from: 'navigation' },
  ];
  if (stored.gameId === gameId) {
    candidates.push({
      link: stored.gameLink,
      name: stored.gameName,
      category: stored.gameCategory || catalogueGame?.category,
      from: 'storage',
    });
  }
  if (catalogueGame) {
    candidates.push({ link: catalogueGame.link, name: catalogueGame.name, category: catalogueGame.category, from: 'catalogue' });
  }

  for (const candidate of candidates) {
    const link = toPlayableLink(candidate.link);
    const name = candidate.name?.trim();
    // Only the configured game hosts play; a foreign link falls through to the next candidate.
    if (link && name && isAllowedGameLink(link, gameHosts, siteOrigin))
      return { id: gameId, name, link, category: candidate.category || undefined, from: candidate.from };
  }
  return undefined;
}
