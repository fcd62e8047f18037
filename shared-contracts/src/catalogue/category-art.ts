/**
 * Category artwork (product §2.12): one illustration per category, drawn in the .svg files of
 * ./category-art/ and served as inline SVG data: URIs. Inline data needs no hosting, so it works
 * from any remote's origin, offline, and can never be the thing that fails to load. Every build
 * (Rspack for browsers and for the Node renderers, jest) imports an .svg as its markup
 * (`asset/source`, decision 0050), so the server's HTML and the browser's render carry the same
 * URI. Imported as '@portal/shared-contracts/category-art', not from the shared barrel: only the parts
 * that draw categories bundle it, and the first visit's shared copy of shared-contracts carries
 * no pictures (decision 0016).
 */
import arcadeGames from './category-art/arcade-games.svg';
import bikeRacing from './category-art/bike-racing.svg';
import cardGames from './category-art/card-games.svg';
import casualGames from './category-art/casual-games.svg';
import defaultArt from './category-art/default.svg';
import match3Games from './category-art/match-3-games.svg';
import puzzleGames from './category-art/puzzle-games.svg';
import racingGames from './category-art/racing-games.svg';
import strategyGames from './category-art/strategy-games.svg';
import { svgDataUri } from './svg-art';

/** Shown for a category that has no artwork of its own, or when its artwork fails to load. */
export const DEFAULT_CATEGORY_IMAGE = svgDataUri(defaultArt);

/** Artwork per category of product §3, including Match-3 Games which no game uses yet. */
export const CATEGORY_IMAGES: Readonly<Record<string, string>> = Object.freeze({
  'Arcade Games': svgDataUri(arcadeGames),
  'Bike Racing': svgDataUri(bikeRacing),
  'Card Games': svgDataUri(cardGames),
  'Casual Games': svgDataUri(casualGames),
  'Match-3 Games': svgDataUri(match3Games),
  'Puzzle Games': svgDataUri(puzzleGames),
  'Racing Games': svgDataUri(racingGames),
  'Strategy Games': svgDataUri(strategyGames),
});

/** The category's own image; an unknown category gets DEFAULT_CATEGORY_IMAGE. */
export function categoryImage(category: string): string {
  return Object.hasOwn(CATEGORY_IMAGES, category) ? (CATEGORY_IMAGES[category] as string) : DEFAULT_CATEGORY_IMAGE;
}
