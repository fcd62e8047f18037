// Asset imports handled by Rspack (CSS is extracted, raster images become URLs, an .svg is its
// markup: asset/source in every build and in jest, decision 0050).
declare module '*.css';
declare module '*.svg' {
  const markup: string;
  export default markup;
}
declare module '*.png' {
  const url: string;
  export default url;
}
