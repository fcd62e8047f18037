// The carousel feature's public entry: what other features of this remote may use.
export { CategoryCarousel } from './category-carousel';
