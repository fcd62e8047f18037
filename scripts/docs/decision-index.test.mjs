import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { MAX_RECORD_LINES, overlongRecords, unindexedRecords } from './decision-index.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'decision-index-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a record the index links to passes; one it does not is named', () => {
  writeFileSync(path.join(dir, '0001-first.md'), '# 1. First\n');
  writeFileSync(path.join(dir, '0002-second.md'), '# 2. Second\n');
  writeFileSync(path.join(dir, 'README.md'), '| [0001](0001-first.md) | First | accepted |\n');
  assert.deepEqual(unindexedRecords(dir), ['0002-second.md']);
  writeFileSync(path.join(dir, 'README.md'), '| [0001](0001-first.md) | First |\n| [0002](./0002-second.md#status) | Second |\n');
  assert.deepEqual(unindexedRecords(dir), []);
});

test('without an index every record is named', () => {
  rmSync(path.join(dir, 'README.md'));
  assert.deepEqual(unindexedRecords(dir), ['0001-first.md', '0002-second.md']);
});

test('a record over the line limit is named with its length; one at the limit passes', () => {
  writeFileSync(path.join(dir, '0001-first.md'), `${'line\n'.repeat(MAX_RECORD_LINES)}`);
  writeFileSync(path.join(dir, '0002-second.md'), `${'line\n'.repeat(MAX_RECORD_LINES + 1)}`);
  assert.deepEqual(overlongRecords(dir), [`0002-second.md (${MAX_RECORD_LINES + 1} lines)`]);
});
