module.exports = require('@portal/build-config').createJestConfig(__dirname, { environment: 'node' });
