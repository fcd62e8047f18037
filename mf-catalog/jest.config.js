const config = require('build-config').createJestConfig(__dirname);

// Swiper's stylesheets are imported by package subpath ('swiper/css', 'swiper/css/a11y'),
// which the preset's '\.css$' stub does not match.
config.moduleNameMapper = {
  '^swiper/css(/.*)?$': config.moduleNameMapper['\\.css$'],
  ...config.moduleNameMapper,
};
config.setupFilesAfterEnv = [...(config.setupFilesAfterEnv ?? []), '<rootDir>/src/testing/setupMatchMedia.ts'];

module.exports = config;
