const base = require('@portal/build-config').createJestConfig(__dirname, { environment: 'node' });

module.exports = {
  ...base,
  // jose, typebox, content-disposition (@fastify/static) and cookie (light-my-request) ship ESM only: turn them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(jose|typebox|content-disposition|cookie)/)'],
  // Every test file starts its own server on a throw-away database.
  testTimeout: 20000,
  // On PostgreSQL, a test file that leaves a connection open fails, naming it (src/testing/leak-check-environment.ts).
  testEnvironment: '<rootDir>/src/testing/leak-check-environment.ts',
};
