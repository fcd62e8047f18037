module.exports = require('build-config').createJestConfig(__dirname);
