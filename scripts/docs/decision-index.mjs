// docs/decisions/README.md is the index a newcomer reads first: every record must have its line
// there, so a new record cannot be found only by listing the folder. And a record stays short
// enough to read at one sitting: at most 150 lines (an amendment that outgrows it is a new record).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RECORD = /^\d{4}-.+\.md$/;

/** The records of `dir` that the index (`dir/README.md`) does not link to, by file name. */
export function unindexedRecords(dir) {
  const index = path.join(dir, 'README.md');
  const text = existsSync(index) ? readFileSync(index, 'utf8') : '';
  const linked = new Set([...text.matchAll(/\]\(([^)\s#]+)/g)].map(([, target]) => path.basename(target)));
  return readdirSync(dir)
    .filter((name) => RECORD.test(name) && !linked.has(name))
    .sort();
}

export const MAX_RECORD_LINES = 150;

/** The records of `dir` longer than MAX_RECORD_LINES, as `name (lines)`. */
export function overlongRecords(dir) {
  return readdirSync(dir)
    .filter((name) => RECORD.test(name))
    .sort()
    .map((name) => [name, readFileSync(path.join(dir, name), 'utf8').replace(/\n$/, '').split('\n').length])
    .filter(([, lines]) => lines > MAX_RECORD_LINES)
    .map(([name, lines]) => `${name} (${lines} lines)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../docs/decisions');
  const missing = unindexedRecords(dir);
  if (missing.length > 0) {
    console.error(`docs/decisions/README.md has no line for ${missing.length} record(s):\n${missing.join('\n')}`);
    process.exit(1);
  }
  const overlong = overlongRecords(dir);
  if (overlong.length > 0) {
    console.error(`decision records over ${MAX_RECORD_LINES} lines:\n${overlong.join('\n')}`);
    process.exit(1);
  }
  console.log(`Every decision record has its line in docs/decisions/README.md and at most ${MAX_RECORD_LINES} lines.`);
}
