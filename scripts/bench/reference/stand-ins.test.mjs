// The shell's remote loader has two stand-ins: the pre-renderer's (no loading in Node) and the
// bench's reference app's (everything in one bundle). Both must export what the loader exports,
// or the pre-renderer or `npm run bench` stops building when the loader grows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const exportsOf = (file) =>
  [...readFileSync(path.join(root, file), 'utf8').matchAll(/^export (?:async )?(?:function|class|const) (\w+)/gm)]
    .map((match) => match[1])
    .sort();

test('the stand-ins of the shell remote loader export what it exports', () => {
  const loader = exportsOf('shell/src/federation/remotes.ts');
  assert.deepEqual(exportsOf('shell/src/prerender/no-remotes.ts'), loader);
  assert.deepEqual(exportsOf('scripts/bench/reference/remotes.ts'), loader);
});
