const base = require('@portal/build-config').createJestConfig(__dirname, { environment: 'node' });

module.exports = {
  ...base,
  // cookie (light-my-request, Fastify's inject) ships ESM only: turn it into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(cookie)/)'],
};
