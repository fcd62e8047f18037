// Proves the lint rules that guard the architecture really fire: a remote importing another
// remote or the shell, shared-contracts or a server importing portal-runtime, portal-runtime
// importing a part, a ui/ file importing a feature, a feature importing another feature's
// internals or the app layer (in each fenced remote), a remote's shared folder importing a
// feature, a part other than the two services importing service-tracing, and a file name that
// is not kebab-case.
// Runs the project's own eslint.config.mjs (only its boundary and naming rules, so no type
// information is needed) on snippets placed at real paths of the tree. `node --test scripts/`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import projectConfig from '../eslint.config.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const GUARD_RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'check-file/filename-naming-convention',
  'check-file/folder-naming-convention',
]);

/** The project's config objects that carry guard rules, with every other rule left out. */
function guardConfig() {
  // Stylesheets keep the project's own name-only parser.
  const stylesheets = projectConfig.filter(
    (entry) => entry.files?.some((glob) => glob.endsWith('.css')) && entry.languageOptions,
  );
  const guards = projectConfig
    .filter((entry) => entry.rules && Object.keys(entry.rules).some((rule) => GUARD_RULES.has(rule)))
    .map((entry) => ({
      ...entry,
      languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
      rules: Object.fromEntries(Object.entries(entry.rules).filter(([rule]) => GUARD_RULES.has(rule))),
    }));
  return [...guards, ...stylesheets];
}

const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: guardConfig() });

async function problems(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

/** Snippets each guard rule must reject: where it stands, its code, the rule and (optionally) words of its message. */
const FAILING = [
  {
    name: 'a remote importing another remote fails lint',
    file: 'mf-catalog/src/home/probe.ts',
    code: "export { enterFullscreen } from '../../../mf-player/src/play/fullscreen';\n",
    rule: 'import-x/no-restricted-paths',
    says: "another part's source",
  },
  {
    name: 'a remote importing the shell fails lint',
    file: 'mf-player/src/play/probe.ts',
    code: "export { TOAST_DEFAULTS } from '../../../shell/src/toasts/toasts';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'ui/ importing a feature fails lint',
    file: 'mf-catalog/src/ui/probe.ts',
    code: "export * from '../home/slider-config';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'ui/ is shared by every feature',
  },
  {
    name: "a feature importing another feature's internals fails lint",
    file: 'mf-catalog/src/home/probe.ts',
    code: "export { GameGrid } from '../cards/game-grid';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'only through its public entry',
  },
  {
    name: 'a feature importing the app layer (exposes/) fails lint',
    file: 'mf-player/src/carousel/probe.ts',
    code: "export { default } from '../exposes/play-page';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'never the app layer',
  },
  {
    name: "an mf-account feature importing another feature's slice fails lint",
    file: 'mf-account/src/session/probe.ts',
    code: "export { profileReducer } from '../profile/profile-slice';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'only through its public entry',
  },
  {
    name: "an mf-account feature importing the app's store fails lint",
    file: 'mf-account/src/profile/probe.ts',
    code: "export { getAccountStore } from '../app/account-store';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'never the app layer',
  },
  {
    name: "mf-account's shared store/ importing a feature fails lint",
    file: 'mf-account/src/store/probe.ts',
    code: "export { signin } from '../session';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'store/ is shared by every feature of mf-account',
  },
  {
    name: 'shared-contracts importing portal-runtime fails lint (the contracts stay pure)',
    file: 'shared-contracts/src/library/probe.ts',
    code: "export { getLibrary } from '@portal/runtime';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'shared-contracts is pure',
  },
  {
    name: 'portal-runtime importing a remote fails lint',
    file: 'portal-runtime/src/library/probe.ts',
    code: "export { FavouriteToggle } from '../../../mf-catalog/src/cards/favourite-toggle';\n",
    rule: 'import-x/no-restricted-paths',
    says: "another part's source",
  },
  {
    name: 'a server importing portal-runtime fails lint',
    file: 'page-service/src/render/probe.ts',
    code: "export { getLibrary } from '@portal/runtime';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'runs on the server',
  },
  {
    name: 'a remote importing service-tracing fails lint (only the services trace with it)',
    file: 'mf-player/src/play/probe.ts',
    code: "export { traceLogFields } from '@portal/service-tracing';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'only account-api and page-service import it',
  },
  {
    name: 'shared-contracts importing service-tracing fails lint',
    file: 'shared-contracts/src/library/probe.ts',
    code: "export { traceLogFields } from '@portal/service-tracing';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'only account-api and page-service import it',
  },
  {
    name: 'shared-contracts importing service-settings fails lint (it stays pure: no files, no environment)',
    file: 'shared-contracts/src/library/probe.ts',
    code: "export { readSettings } from '@portal/service-settings';\n",
    rule: 'import-x/no-restricted-paths',
    says: 'only account-api and page-service',
  },
  {
    name: "service-settings importing a service's source fails lint",
    file: 'service-settings/src/probe.ts',
    code: "export { API_SETTINGS } from '../../account-api/src/settings';\n",
    rule: 'import-x/no-restricted-paths',
    says: "another part's source",
  },
  {
    name: "service-tracing importing a service's source fails lint",
    file: 'service-tracing/src/probe.ts',
    code: "export { inQuerySpan } from '../../account-api/src/observability/tracing';\n",
    rule: 'import-x/no-restricted-paths',
    says: "another part's source",
  },
  {
    name: 'a file name that is not kebab-case fails lint',
    file: 'shell/src/layout/SearchBox.tsx',
    code: 'export const x = 1;\n',
    rule: 'check-file/filename-naming-convention',
  },
  {
    name: 'a stylesheet name that is not kebab-case fails lint',
    file: 'mf-player/src/play/PlayPage.css',
    code: '.play-page { display: block; }\n',
    rule: 'check-file/filename-naming-convention',
  },
];

for (const { name, file, code, rule, says = '' } of FAILING) {
  test(name, async () => {
    const found = await problems(file, code);
    assert.ok(
      found.some((p) => p.startsWith(rule) && p.includes(says)),
      found.join('\n'),
    );
  });
}

test('an mf-account feature importing another through its public entry, and the shared store/ and api/, passes', async () => {
  const found = await problems(
    'mf-account/src/profile/probe.ts',
    "export { modalOpened } from '../auth';\nexport { signin } from '../session';\nexport { useAccountDispatch } from '../store/hooks';\nexport { browserTokens } from '../api/token-store';\n",
  );
  assert.deepEqual(found, []);
});

test("imports inside one part, from shared-contracts, from portal-runtime and through a feature's public entry pass", async () => {
  const found = await problems(
    'mf-catalog/src/home/probe.ts',
    "export { toColumns } from './slider-config';\nexport { ROUTES } from '@portal/shared-contracts';\nexport { GameGrid } from '../cards';\nexport { useLibrary } from '@portal/runtime';\n",
  );
  assert.deepEqual(found, []);
});

test('every remote and the shell may import portal-runtime, its subpath too', async () => {
  for (const file of ['mf-player/src/play/probe.ts', 'mf-account/src/session/probe.ts', 'shell/src/layout/probe.ts']) {
    const found = await problems(
      file,
      "export { on } from '@portal/runtime';\nexport { sendReport } from '@portal/runtime/player-requests';\n",
    );
    assert.deepEqual(found, [], file);
  }
});

test('account-api and page-service may import service-tracing and service-settings', async () => {
  for (const file of ['account-api/src/observability/probe.ts', 'page-service/src/telemetry/probe.ts']) {
    const found = await problems(
      file,
      "export { activeTracing, traceLogFields } from '@portal/service-tracing';\nexport { readSettings } from '@portal/service-settings';\n",
    );
    assert.deepEqual(found, [], file);
  }
});
