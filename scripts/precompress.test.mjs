import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { precompress } from './precompress.mjs';

test('text files get .br and .gz twins; source maps none (they are never served, in any encoding)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  try {
    const text = 'export const x = 1;\n'.repeat(200);
    writeFileSync(path.join(dir, 'main.0123456789.js'), text);
    writeFileSync(path.join(dir, 'main.0123456789.js.map'), JSON.stringify({ version: 3, sources: [text] }));
    assert.equal(await precompress(dir), 1);
    assert.ok(existsSync(path.join(dir, 'main.0123456789.js.br')));
    assert.ok(existsSync(path.join(dir, 'main.0123456789.js.gz')));
    assert.ok(!existsSync(path.join(dir, 'main.0123456789.js.map.br')));
    assert.ok(!existsSync(path.join(dir, 'main.0123456789.js.map.gz')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
