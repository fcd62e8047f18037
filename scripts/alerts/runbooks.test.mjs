import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { alertsOf, headingAnchors, OPERATIONS_DOC, RULE_TESTS_FILE } from './alert-rules.mjs';

const alerts = alertsOf();
const anchors = headingAnchors(readFileSync(OPERATIONS_DOC, 'utf8'));

test('every alert links to its own runbook section of docs/operations.md', () => {
  assert.ok(alerts.length >= 10, `${alerts.length} alerts`);
  for (const { name, runbook } of alerts) {
    assert.equal(runbook, `docs/operations.md#${name.toLowerCase()}`, `${name}'s runbook_url`);
    assert.ok(anchors.has(name.toLowerCase()), `docs/operations.md has no "#### ${name}" section`);
  }
});

test("every alert has promtool tests in alerts.test.yml, where it fires and where it doesn't", () => {
  const tests = readFileSync(RULE_TESTS_FILE, 'utf8');
  for (const { name } of alerts) {
    const mine = [...tests.matchAll(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:(.*)`, 'g'))].map((m) => m[1].trim());
    assert.ok(mine.includes(''), `${name}: no test where it fires`);
    // Silent: an evaluation that expects none, or a firing test whose other series stay silent.
    assert.ok(
      mine.includes('[]') || /not|silent/.test(tests.match(new RegExp(`name: ${name} .*`))?.[0] ?? ''),
      `${name}: no test where it stays silent`,
    );
  }
});

test('headings become GitHub anchors', () => {
  assert.deepEqual([...headingAnchors('## Runbooks: alerts\n#### `DeadMail`\n')], ['runbooks-alerts', 'deadmail']);
});
