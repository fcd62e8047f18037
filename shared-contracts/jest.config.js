/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // The category art's .svg files are imported as their markup, as every build imports them.
    '^.+\\.svg$': '<rootDir>/../build-config/jest/svg-source.js',
  },
};
