const base = require('build-config').createJestConfig(__dirname, { environment: 'node' });

module.exports = {
  ...base,
  // jose, typebox, content-disposition (@fastify/static) and cookie (light-my-request) ship ESM only: turn them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(jose|typebox|content-disposition|cookie)/)'],
  // Every test file starts its own server on a throw-away database.
  testTimeout: 20000,
};
