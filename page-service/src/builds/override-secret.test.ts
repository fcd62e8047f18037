import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { overrideSecretFrom } from './override-token';

describe('the preview overrides secret', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'override-secret-'));
  const file = path.join(dir, 'secret');
  const key = 'k'.repeat(40);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('comes from the environment, or from the file RELEASE_OVERRIDE_SECRET_FILE names (a Kubernetes secret)', () => {
    writeFileSync(file, `${key}\n`);
    expect(overrideSecretFrom({ RELEASE_OVERRIDE_SECRET: key })).toBe(key);
    expect(overrideSecretFrom({ RELEASE_OVERRIDE_SECRET_FILE: file })).toBe(key);
    expect(overrideSecretFrom({})).toBeNull();
  });

  test('both at once are refused, as is a short one', () => {
    expect(() => overrideSecretFrom({ RELEASE_OVERRIDE_SECRET: key, RELEASE_OVERRIDE_SECRET_FILE: file })).toThrow('not both');
    writeFileSync(file, 'short');
    expect(() => overrideSecretFrom({ RELEASE_OVERRIDE_SECRET_FILE: file })).toThrow('at least');
  });
});
