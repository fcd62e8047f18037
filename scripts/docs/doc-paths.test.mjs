import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { missingPaths, namedPaths } from './doc-paths.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'doc-paths-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

execFileSync('git', ['init', '-q'], { cwd: root });
write('.gitignore', 'dist/\n');
write('tools/run.mjs', '');
write('lib/package.json', JSON.stringify({ exports: { '.': './src/index.ts', './seo': './src/seo/index.ts' } }));
write('lib/src/seo/index.ts', '');

test('a code span naming a top-level folder is a path; a package name or prose is not', () => {
  const named = namedPaths('Run `tools/run.mjs`, see `react-dom/client` and `x`.', new Set(['tools']));
  assert.deepEqual(named, [{ kind: 'path', path: 'tools/run.mjs' }]);
});

test('names that exist, subpath exports, modules without extension and ignored outputs pass', () => {
  write('docs/a.md', '`tools/run.mjs`, `tools/run`, `lib/seo`, `tools/dist/x.js`, [run](../tools/run.mjs)\n');
  assert.deepEqual(missingPaths(root), []);
});

test('a removed file or a broken link is named', () => {
  write('docs/b.md', 'Served by `tools/static-server.mjs`; see [ops](ops.md).\n');
  assert.deepEqual(missingPaths(root).sort(), ['docs/b.md: ops.md', 'docs/b.md: tools/static-server.mjs']);
  rmSync(path.join(root, 'docs/b.md'));
});

test('a superseded decision record may name what was removed', () => {
  write('docs/decisions/0001-old.md', '# Old\n\n- Status: superseded by 0002\n\nUsed `tools/gone.mjs`.\n');
  assert.deepEqual(missingPaths(root), []);
  write('docs/decisions/0001-old.md', '# Old\n\n- Status: accepted\n\nUsed `tools/gone.mjs`.\n');
  assert.deepEqual(missingPaths(root), ['docs/decisions/0001-old.md: tools/gone.mjs']);
});
