const { createJestConfig } = require('@portal/build-config');

// Node by default, as on the server and at build time (no document, no storage); a test of the
// browser's side asks for jsdom in its docblock.
const config = createJestConfig(__dirname, { environment: 'node' });
module.exports = { ...config, roots: ['<rootDir>/src', '<rootDir>/test'] };
