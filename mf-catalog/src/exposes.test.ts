import { exposedModules } from './exposes.check';

// Only the exposes map is under test: stub the config factory, whose @rspack/core is ESM-only
// and cannot be require()d inside jest on Node 20.
jest.mock('build-config', () => ({ createFederatedConfig: () => () => ({}) }));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { exposes } = require('../rspack.config.js') as { exposes: Record<string, string> };

test('rspack exposes match the typed expose map of shared-contracts', () => {
  expect(Object.keys(exposes).sort()).toEqual(Object.keys(exposedModules).sort());
});

test('every expose is a module whose default export is a component', () => {
  for (const [key, file] of Object.entries(exposes)) {
    expect(() => require.resolve(`../${file}`)).not.toThrow();
    expect(typeof exposedModules[key as keyof typeof exposedModules].default).toBe('function');
  }
});
