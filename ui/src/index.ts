export { afterNextPaint, whenIdle } from './scheduling';
export { CategoryImage } from './category-image';
export { FallbackImage, fallbackArtStyle } from './fallback-image';
export { GameThumb } from './game-thumb';
export { HomeHero } from './home-hero';
export { ICONS, Icon, type IconName } from './icon';
export {
  ARROW_RIGHT_ICON,
  CHEVRON_LEFT_ICON,
  CHEVRON_RIGHT_ICON,
  HEART_ICON,
  PathIcon,
  PLAY_ICON,
  SEARCH_ICON,
} from './path-icon';
export { ROUND_BUTTON_CLASS } from './round-button';
export { useAfterFirstPaint } from './use-after-first-paint';
export { useBrowserValue } from './use-browser-value';
