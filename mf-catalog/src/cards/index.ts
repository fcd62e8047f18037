// The cards feature's public entry: what other features of this remote may use.
export { CategoryCard } from './category-card';
export { CARD_ART_STYLE, FIRST_SCREEN_CARDS, GameCard } from './game-card';
export { GameGrid } from './game-grid';
export { GameRow } from './game-row';
export { useRestAfterFirstPaint } from './use-rest-after-first-paint';
