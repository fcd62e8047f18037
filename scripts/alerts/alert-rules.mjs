// `npm run test:alerts`: deploy/prometheus/alerts.yml checked and unit-tested by promtool (Debian's
// `prometheus` package ships it), after the runbook check runbooks.test.mjs also runs. Exits with
// promtool's status; says how to install it when it is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RULES_FILE = path.join(ROOT, 'deploy/prometheus/alerts.yml');
export const RULE_TESTS_FILE = path.join(ROOT, 'deploy/prometheus/alerts.test.yml');
export const OPERATIONS_DOC = path.join(ROOT, 'docs/operations.md');

/** Each alert of the rules file with its runbook link (the file is ours: one `- alert:` per rule). */
export function alertsOf(text = readFileSync(RULES_FILE, 'utf8')) {
  return text
    .split(/^\s*- alert: /m)
    .slice(1)
    .map((block) => ({
      name: block.split('\n')[0].trim(),
      runbook: /^\s*runbook_url: (\S+)$/m.exec(block)?.[1] ?? null,
    }));
}

/** GitHub's anchors of a Markdown file's headings (lower case, punctuation dropped, spaces as dashes). */
export function headingAnchors(markdown) {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, title]) =>
      title
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

function promtool(args) {
  const result = spawnSync('promtool', args, { stdio: 'inherit' });
  if (result.error?.code === 'ENOENT') {
    console.error('promtool is missing: apt-get install prometheus (Debian ships promtool with it)');
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  promtool(['check', 'rules', RULES_FILE]);
  promtool(['test', 'rules', RULE_TESTS_FILE]);
}
