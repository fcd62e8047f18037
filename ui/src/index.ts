export { CategoryImage } from './category-image';
export { FallbackImage, fallbackArtStyle } from './fallback-image';
export { HomeHero } from './home-hero';
export { ICONS, Icon, type IconName } from './icon';
