export { CategoryImage } from './category-image';
export { FallbackImage } from './fallback-image';
export { ICONS, Icon, type IconName } from './icon';
