// The shared router is tree-shaken to ROUTER_EXPORTS (build-config/shared.js). An export a part
// imports but the list lacks does not fail the build: the part silently loads the whole router
// instead of the shell's copy. This reads every front-end source file and fails naming the file
// and the export. `node --test scripts/router-exports.test.mjs`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const { ROUTER_EXPORTS } = require('../build-config/shared.js');
const parts = JSON.parse(readFileSync(new URL('../parts.json', import.meta.url), 'utf8'));

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTER_MODULES = new Set(['react-router', 'react-router-dom']);
/** Every workspace whose source ends up in a front end's bundle. */
const FRONT_END_FOLDERS = ['shared-contracts', 'ui', parts.shell.folder, ...parts.remotes.map((remote) => remote.folder)];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The router exports a module's source uses at run time: named value imports and re-exports from
 * react-router(-dom). Type-only imports cost nothing at run time and are left out. A namespace
 * import or an `import()` of the router cannot be checked by name, so it is reported as `*`.
 */
export function routerImportsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const used = [];
  const visit = (node) => {
    const isImport = ts.isImportDeclaration(node);
    if ((isImport || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (ROUTER_MODULES.has(node.moduleSpecifier.text)) {
        const clause = isImport ? node.importClause : node;
        if (clause && !clause.isTypeOnly) {
          const bindings = isImport ? clause.namedBindings : node.exportClause;
          if (isImport && clause.name) used.push('default');
          if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
            if (!isImport || bindings) used.push('*');
          } else {
            for (const element of bindings.elements) {
              if (!element.isTypeOnly) used.push((element.propertyName ?? element.name).text);
            }
          }
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      ROUTER_MODULES.has(node.arguments[0].text)
    ) {
      used.push('*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** `file: export` for each router export used by a file but missing from `allowed`. */
export function missingRouterExports(files, allowed) {
  const known = new Set(allowed);
  return files.flatMap(({ fileName, text }) =>
    routerImportsOf(fileName, text)
      .filter((name) => !known.has(name))
      .map((name) => `${path.relative(root, fileName)}: ${name}`),
  );
}

test('every router export a front end imports is in ROUTER_EXPORTS', () => {
  const files = FRONT_END_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder, 'src'))).map((fileName) => ({
    fileName,
    text: readFileSync(fileName, 'utf8'),
  }));
  assert.ok(files.length > 100, `read ${files.length} source files`);
  const used = new Set(files.flatMap(({ fileName, text }) => routerImportsOf(fileName, text)));
  // The scan sees the imports the list was made from (it cannot pass by reading nothing).
  for (const name of ['Link', 'useNavigate', 'Routes']) assert.ok(used.has(name), `no part imports ${name}?`);
  assert.deepEqual(missingRouterExports(files, ROUTER_EXPORTS), []);
});

test('an import missing from the list is named with its file', () => {
  const text = [
    "import { Link, useMatch } from 'react-router-dom';",
    "import type { Location } from 'react-router';",
    "import { type NavigateFunction, Outlet as Slot } from 'react-router';",
    "export { useHref } from 'react-router-dom';",
    "const lazyRouter = () => import('react-router-dom');",
  ].join('\n');
  const fileName = path.join(root, 'mf-catalog/src/home/example.tsx');
  assert.deepEqual(missingRouterExports([{ fileName, text }], ROUTER_EXPORTS), [
    'mf-catalog/src/home/example.tsx: useMatch',
    'mf-catalog/src/home/example.tsx: Outlet',
    'mf-catalog/src/home/example.tsx: useHref',
    'mf-catalog/src/home/example.tsx: *',
  ]);
});
