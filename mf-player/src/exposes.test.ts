import { exposedModules } from './exposes.check';

// The rspack config and the typed map must name the same modules.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { exposes } = require('../rspack.config.js') as { exposes: Record<string, string> };

test('rspack exposes match the typed expose map of shared-contracts', () => {
  expect(Object.keys(exposes).sort()).toEqual(Object.keys(exposedModules).sort());
});
