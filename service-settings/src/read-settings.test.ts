import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSetting, readSettings } from './read-settings';
import type { ServiceSettingsSchema } from './service-setting';

const SCHEMA = {
  PORT: { kind: 'integer', doc: 'd', default: '8080' },
  HOPS: { kind: 'integer', min: 0, max: 10, doc: 'd', default: '1' },
  SHARE: { kind: 'number', max: 1, doc: 'd', default: '0.01' },
  RATE: { kind: 'number', min: 0.01, max: 10_000, doc: 'd', default: '1' },
  ON: { kind: 'switch', doc: 'd' },
  LIST: { kind: 'list', doc: 'd', default: 'a' },
  MODE: { kind: 'choice', choices: ['fs', 's3'], doc: 'd', default: 'fs' },
  PREFIX: { emptyAllowed: true, doc: 'd', default: 'x/' },
  NAME: { doc: 'd' },
  KEY: { secret: true, minLength: 32, doc: 'd' },
  OLD: { retired: true, doc: 'd' },
} as const satisfies ServiceSettingsSchema;

describe('readSettings', () => {
  test('unset: every default, read by its kind; no default: null; retired settings are not read', () => {
    const values = readSettings({ OLD: '1' }, SCHEMA);
    expect(values).toEqual({
      PORT: 8080,
      HOPS: 1,
      SHARE: 0.01,
      RATE: 1,
      ON: null,
      LIST: ['a'],
      MODE: 'fs',
      PREFIX: 'x/',
      NAME: null,
      KEY: null,
    });
  });

  test('values are read by their kind; blank text is unset unless kept', () => {
    const values = readSettings(
      { PORT: ' 9000 ', HOPS: '0', SHARE: '1', RATE: '0.5', ON: 'off', LIST: ' b , ,c ', MODE: 'S3', PREFIX: '', NAME: '  ' },
      SCHEMA,
    );
    expect(values).toMatchObject({
      PORT: 9000,
      HOPS: 0,
      SHARE: 1,
      RATE: 0.5,
      ON: false,
      LIST: ['b', 'c'],
      MODE: 's3',
      PREFIX: '',
    });
    expect(values.NAME).toBeNull();
  });

  test.each([
    ['PORT', 'twelve', 'PORT must be a positive integer, got "twelve"'],
    ['PORT', '0', 'PORT must be a positive integer, got "0"'],
    ['HOPS', '11', 'HOPS must be a whole number 0-10, got "11"'],
    ['HOPS', '1.5', 'HOPS must be a whole number 0-10, got "1.5"'],
    ['SHARE', '2', 'SHARE must be a number from 0 to 1, got "2"'],
    ['SHARE', 'half', 'SHARE must be a number from 0 to 1, got "half"'],
    ['RATE', '0', 'RATE must be a number from 0.01 to 10000, got "0"'],
    ['RATE', '0x10', 'RATE must be a number from 0.01 to 10000, got "0x10"'],
    ['ON', 'yes', 'ON must be 1 or 0, got "yes"'],
    ['MODE', 'disk', 'MODE must be fs or s3, got "disk"'],
    ['KEY', 'short', 'KEY must be at least 32 characters'],
  ])('%s=%s stops start-up, naming the setting', (name, value, message) => {
    expect(() => readSettings({ [name]: value }, SCHEMA)).toThrow(message);
  });

  test('a short secret is refused without repeating it', () => {
    expect(() => readSettings({ KEY: 'hunter2' }, SCHEMA)).toThrow(/^KEY must be at least 32 characters$/);
  });
});

describe('a secret from NAME_FILE', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'service-settings-'));
  const file = path.join(dir, 'key');
  const key = 'k'.repeat(40);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('is read from the file, one trailing newline dropped, with the same rules', () => {
    writeFileSync(file, `${key}\n`);
    expect(readSetting({ KEY_FILE: file }, 'KEY', SCHEMA.KEY)).toBe(key);
    writeFileSync(file, 'short\n');
    expect(() => readSetting({ KEY_FILE: file }, 'KEY', SCHEMA.KEY)).toThrow('KEY must be at least 32 characters');
  });

  test('both at once, an empty file and a missing one are refused by name', () => {
    writeFileSync(file, key);
    expect(() => readSetting({ KEY: key, KEY_FILE: file }, 'KEY', SCHEMA.KEY)).toThrow('Set KEY or KEY_FILE, not both');
    writeFileSync(file, '\n');
    expect(() => readSetting({ KEY_FILE: file }, 'KEY', SCHEMA.KEY)).toThrow(`KEY_FILE: ${file} is empty`);
    expect(() => readSetting({ KEY_FILE: path.join(dir, 'none') }, 'KEY', SCHEMA.KEY)).toThrow(/^KEY_FILE: cannot read /);
  });
});
