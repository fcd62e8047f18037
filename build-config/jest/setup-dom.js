// react-router needs TextEncoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
// jsdom has no matchMedia (Swiper breakpoints, media-query hooks): answer from the width.
require('./viewport').mockViewportWidth(window.innerWidth || 1024);
require('@testing-library/jest-dom');
