// One lint setup for every workspace (flat config). Rules that carry weight: typescript-eslint's
// strict type-checked set, React hooks, accessibility, import boundaries and one file-naming
// convention (kebab-case). Formatting is Prettier's job (`npm run format`), so style rules are off.
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The shell and every remote of the registry, so a new remote is linted and fenced as it is added. */
const parts = JSON.parse(readFileSync(new URL('./parts.json', import.meta.url), 'utf8'));
const REMOTES = parts.remotes.map((remote) => remote.folder);
const FRONT_ENDS = [parts.shell.folder, ...REMOTES];
const TS_PROJECTS = [
  'shared-contracts',
  'portal-runtime',
  'ui',
  'build-config',
  ...FRONT_ENDS,
  'service-tracing',
  'service-settings',
  'account-api',
  'page-service',
  'e2e',
].map((w) => `./${w}/tsconfig.json`);

/** Parses any file to an empty program, so name rules can run over files ESLint cannot read (CSS). */
const cssNameOnlyParser = {
  meta: { name: 'css-name-only' },
  parseForESLint: (code) => {
    const lines = code.split('\n');
    const end = { line: lines.length, column: lines[lines.length - 1].length };
    const ast = {
      type: 'Program',
      body: [],
      sourceType: 'module',
      comments: [],
      tokens: [],
      range: [0, code.length],
      loc: { start: { line: 1, column: 0 }, end },
    };
    return { ast, visitorKeys: { Program: [] } };
  },
};

/**
 * No part imports another part's source: the parts meet only through shared-contracts (types,
 * data, pure functions), portal-runtime (the page's shared state, a federation singleton) and
 * federation. Both packages are libraries, so they import no part either.
 */
const partBoundaries = [
  ...FRONT_ENDS,
  'account-api',
  'page-service',
  'shared-contracts',
  'portal-runtime',
  'ui',
  'service-tracing',
  'service-settings',
].map((part) => ({
  target: `./${part}`,
  from: [...FRONT_ENDS, 'account-api', 'page-service', 'e2e'].filter((other) => other !== part).map((other) => `./${other}`),
  message: `${part} must not import another part's source; put shared types, data and pure functions in shared-contracts, and state the parts share in portal-runtime.`,
}));

/**
 * shared-contracts stays pure (types, data, routes, texts, pure functions): it never reaches the
 * runtime that keeps state; the servers, which import it, never load browser state.
 */
const contractsStayPure = [
  {
    target: './shared-contracts',
    from: './portal-runtime',
    message: 'shared-contracts is pure: it must not import portal-runtime (the state the parts share lives there, not here).',
  },
  ...['account-api', 'page-service'].map((server) => ({
    target: `./${server}`,
    from: './portal-runtime',
    message: `${server} runs on the server: portal-runtime is the browser's shared state.`,
  })),
];

/**
 * service-tracing is the Fastify services' tracing (the OpenTelemetry SDK, bundled into each):
 * only account-api and page-service import it; a front end or a shared package never does.
 */
const SERVICES = ['account-api', 'page-service'];
const tracingOnServices = [
  {
    target: [...FRONT_ENDS, 'shared-contracts', 'portal-runtime', 'ui', 'build-config', 'e2e'].map((part) => `./${part}`),
    from: './service-tracing',
    message: `service-tracing is the services' tracing: only ${SERVICES.join(' and ')} import it.`,
  },
  // The settings reader reads files and the environment: shared-contracts stays pure, and the
  // browser parts have no environment to read.
  {
    target: [...FRONT_ENDS, 'shared-contracts', 'portal-runtime', 'ui', 'build-config', 'e2e'].map((part) => `./${part}`),
    from: './service-settings',
    message: `service-settings reads the services' settings: only ${SERVICES.join(' and ')} (and service-tracing's types) import it.`,
  },
];

/** Inside a front end, shared ui/ never reaches into a feature folder. */
const uiBoundaries = FRONT_ENDS.map((part) => ({
  target: `./${part}/src/ui`,
  from: `./${part}/src`,
  except: ['./ui', './testing'],
  message: 'ui/ is shared by every feature: it must not import a feature (move the piece into ui/ instead).',
}));

/**
 * Inside a remote, bulletproof-react's layers: shared (ui/, testing/ and the remote's own shared
 * folders) → features → app (app/, exposes/, standalone/, prerender/). A feature imports no app
 * folder, and another feature only through that feature's public entry (`<feature>/index.ts`).
 * Every other folder of src/ is a feature, so a new one is fenced as it appears. mf-account's
 * api/ (the client, the token store) and store/ (the Redux kit every feature builds on) are
 * shared; its app/ composes the features' slices and sagas into the store (decision 0043).
 */
/** A remote's own shared folders beside ui/ and testing/ (a remote not named here has none). */
const OWN_SHARED = { 'mf-account': ['api', 'store'] };
const FENCED_REMOTES = Object.fromEntries(REMOTES.map((remote) => [remote, OWN_SHARED[remote] ?? []]));
const APP_FOLDERS = ['app', 'exposes', 'standalone', 'prerender'];
const featureFences = Object.entries(FENCED_REMOTES).flatMap(([part, ownShared]) => {
  const shared = ['ui', 'testing', '__mocks__', ...ownShared];
  const features = readdirSync(new URL(`./${part}/src`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !APP_FOLDERS.includes(entry.name) && !shared.includes(entry.name))
    .map((entry) => entry.name);
  const sharedZones = ownShared.map((folder) => ({
    target: `./${part}/src/${folder}`,
    from: `./${part}/src`,
    except: shared.map((other) => `./${other}`),
    message: `${folder}/ is shared by every feature of ${part}: it imports no feature and not the app layer.`,
  }));
  const featureZones = features.map((feature) => ({
    target: `./${part}/src/${feature}`,
    from: `./${part}/src`,
    except: [
      `./${feature}`,
      ...shared.map((folder) => `./${folder}`),
      ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: `features of ${part} import another feature only through its public entry (<feature>/index.ts), and never the app layer (${APP_FOLDERS.join(', ')}).`,
  }));
  return [...sharedZones, ...featureZones];
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/dist-prerender/**',
      '**/dist-fragments/**',
      'bench-out/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Scripts that run in a (js)dom page: the jest DOM setup and the browser-side e2e fixtures.
    files: ['build-config/jest/**/*.js', 'e2e/fixtures/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { project: TS_PROJECTS, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: {
      'import-x/resolver': { typescript: { project: TS_PROJECTS } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...partBoundaries, ...contractsStayPure, ...tracingOnServices, ...uiBoundaries, ...featureFences] },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is the React idiom; a void call in a block body stays an error.
      // `const { hosts: _hosts, ...brand } = family` is how an object drops a key; a stand-in that
      // must keep another module's signature names the parameters it ignores `_name`.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // The benchmark's reference single-bundle build (never deployed) is in no tsconfig project:
    // it gets the TypeScript rules that need no type information.
    files: ['scripts/bench/reference/**/*.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Stylesheets are linted only for their names (below): an empty program stands in for the CSS.
    files: ['*/src/**/*.css'],
    languageOptions: { parser: cssNameOnlyParser },
  },
  {
    // One file-naming convention everywhere: kebab-case files and folders.
    files: ['*/src/**/*.{ts,tsx,css}', '*/test/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,css,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      // Jest only picks up manual mocks from a folder named exactly `__mocks__`, so that one name is exempt.
      'check-file/folder-naming-convention': ['error', { '*/src/**/': 'KEBAB_CASE' }, { ignoreWords: ['__mocks__'] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'e2e/**'],
    // e2e's .mjs files are outside the TypeScript block that declares the plugin.
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: TS_PROJECTS } } },
    rules: {
      // Tests reach into mocks and fixtures freely, and may compose features as the app does.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...partBoundaries, ...contractsStayPure, ...tracingOnServices, ...uiBoundaries] },
      ],
    },
  },
  {
    // Playwright, not React: its fixtures call `use()` and take an empty `{}` when they need no other fixture.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // The API's Fastify plugins are async whether or not they await: a throw while one registers
    // then fails the start-up cleanly (avvio catches a rejection, not a callback plugin's throw).
    files: ['account-api/src/plugins/**/*.ts', 'account-api/src/**/*-routes.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  prettier,
);
