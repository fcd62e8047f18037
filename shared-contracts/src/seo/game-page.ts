import type { Game } from '../catalogue/game';
import { categoryPath, gamePath } from '../routing/routes';
import { MIN_VOTES_FOR_SHARE, type GameStats } from '../play-data/play-data';

// Feed tags that say where a game runs or how it was sold, not what it is.
const NOT_ABOUT_THE_GAME =
  /^(html5?|webgl|mobile|android|online|new|best( games)?|game|cool|fun|1p|1 player|kiz10|2d|3d( games)?)$/i;

/** A game's tags that describe it, lower-cased, without repeats ("Brain" and "brain" once). */
export function describingTags(game: Game, max = 4): string[] {
  const seen = new Set<string>();
  for (const tag of game.tags) {
    const word = tag.trim().toLocaleLowerCase();
    if (word && !NOT_ABOUT_THE_GAME.test(word)) seen.add(word);
  }
  return [...seen].slice(0, max);
}

const listed = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;

/** "Racing Games" → "racing". */
const kindOf = (category: string) => category.toLocaleLowerCase().replace(/ games$/, '');

/**
 * One line about a game in our own words from what the catalogue knows (name, category, tags):
 * what the structured data says for a game the feed gave no description for.
 */
export function gameSummary(game: Game, siteName?: string): string {
  const kind = kindOf(game.category);
  const where = siteName ? ` on ${siteName}` : '';
  const tags = describingTags(game);
  return tags.length > 0
    ? `${game.name} is a free ${kind} game${where}, with ${listed(tags)} in the mix.`
    : `${game.name} is a free ${kind} game${where}.`;
}

export interface GamePageSite {
  siteName: string;
  /** The site's public origin, `https://games.example`. */
  origin: string;
}

/**
 * The play page's structured data (schema.org): the game as a `VideoGame` with the feed's
 * description (`description`, from '@portal/shared-contracts/game-details'), its rating once
 * MIN_VOTES_FOR_SHARE players voted, and the page's `BreadcrumbList`. JSON texts, to go into
 * `<script type="application/ld+json">` (escaped by the writer).
 */
export function gamePageStructuredData(
  game: Game,
  site: GamePageSite,
  stats: GameStats | null,
  description: string = gameSummary(game, site.siteName),
): string[] {
  const url = (path: string) => new URL(path, site.origin).href;
  const votes = stats ? stats.likes + stats.dislikes : 0;
  const videoGame = {
    '@context': 'https://schema.org',
    '@type': 'VideoGame',
    name: game.name,
    url: url(gamePath(game.id)),
    description,
    genre: game.category,
    gamePlatform: 'Web browser',
    applicationCategory: 'Game',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
    ...(/^https?:/i.test(game.image) ? { image: game.image } : {}),
    ...(game.tags.length > 0 ? { keywords: describingTags(game, 10).join(', ') } : {}),
    ...(stats && votes >= MIN_VOTES_FOR_SHARE
      ? {
          // Thumbs as a 1–5 scale: up is 5, down is 1.
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(((stats.likes * 5 + stats.dislikes) / votes) * 10) / 10,
            bestRating: 5,
            worstRating: 1,
            ratingCount: votes,
          },
        }
      : {}),
    ...(stats && stats.plays > 0
      ? {
          interactionStatistic: {
            '@type': 'InteractionCounter',
            interactionType: 'https://schema.org/PlayAction',
            userInteractionCount: stats.plays,
          },
        }
      : {}),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: 'Home', path: '/' },
      { name: game.category, path: categoryPath(game.category) },
      { name: game.name, path: gamePath(game.id) },
    ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: url(crumb.path) })),
  };
  return [JSON.stringify(videoGame), JSON.stringify(breadcrumbs)];
}
