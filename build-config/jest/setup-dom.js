// react-router needs TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
// A suite of a Node renderer (`@jest-environment node`: the pages a remote renders at its build)
// runs as that build does, without a window.
if (typeof window !== 'undefined') {
  // jsdom has no matchMedia (Swiper breakpoints, media-query hooks): answer from the width.
  require('./viewport').mockViewportWidth(window.innerWidth || 1024);
  require('@testing-library/jest-dom');
}
