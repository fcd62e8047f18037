import { exposedModules } from './exposes.check';

// The rspack config is plain CommonJS around build-config's factory; the factory pulls in
// @rspack/core (ESM-only), which this test does not need to read the exposes map.
jest.mock('build-config', () => ({ createFederatedConfig: () => () => ({}) }));

// The rspack config and the typed map must name the same modules.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { exposes } = require('../rspack.config.js') as { exposes: Record<string, string> };

test('rspack exposes match the typed expose map of shared-contracts', () => {
  expect(Object.keys(exposes).sort()).toEqual(Object.keys(exposedModules).sort());
});

// Expose keys keep the contract's PascalCase; files are kebab-case ('./AccountMenu' -> account-menu.tsx).
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

test('every expose points at its file under src/exposes', () => {
  for (const [key, file] of Object.entries(exposes)) expect(file).toBe(`./src/exposes/${kebab(key.slice(2))}.tsx`);
});
