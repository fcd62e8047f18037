// Asset imports handled by Rspack (CSS is extracted, images become URLs).
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
