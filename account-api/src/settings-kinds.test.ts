import { loadConfig } from './config';
import { readSettings, type ServiceSetting } from '@portal/service-settings';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';
import { API_SETTINGS } from './settings';

const declared: [string, ServiceSetting][] = Object.entries(API_SETTINGS);
const ofKind = (kind: ServiceSetting['kind']) => declared.filter(([, setting]) => setting.kind === kind).map(([name]) => name);

describe('every setting is read as its schema entry says', () => {
  test.each(ofKind('integer'))('%s refuses a value that is not a whole number, naming itself', (name) => {
    // The tracing settings are read where tracing starts (observability/tracing-start.ts), the rest by loadConfig.
    const read = (env: NodeJS.ProcessEnv) => (name in TRACING_SETTINGS ? readSettings(env, TRACING_SETTINGS) : loadConfig(env));
    expect(() => read({ [name]: 'twelve' })).toThrow(new RegExp(`^${name} must be .*, got "twelve"$`));
  });

  test.each(ofKind('number'))('%s refuses a value that is not a number in its range, naming itself', (name) => {
    expect(() => readSettings({ [name]: 'twelve' }, API_SETTINGS)).toThrow(
      new RegExp(`^${name} must be a number .*, got "twelve"$`),
    );
  });

  test.each(ofKind('switch'))('%s reads 1/0, true/false, on/off, and refuses anything else', (name) => {
    expect(readSettings({ [name]: 'on' }, API_SETTINGS)).toMatchObject({ [name]: true });
    expect(readSettings({ [name]: 'FALSE' }, API_SETTINGS)).toMatchObject({ [name]: false });
    expect(() => loadConfig({ [name]: 'yes' })).toThrow(`${name} must be 1 or 0, got "yes"`);
  });

  test('MAIL_WORKER=false stops the worker (it used to read as on: only `0` turned it off)', () => {
    expect(loadConfig({ MAIL_WORKER: 'false' }).mail.worker).toBe(false);
    expect(loadConfig({}).mail.worker).toBe(true);
  });

  test('every default is read by its kind', () => {
    const config = loadConfig({});
    expect(config.gameChecks.intervalMs).toBe(Number(API_SETTINGS.GAME_CHECK_INTERVAL_MINUTES.default) * 60_000);
    expect(config.gameChecks.failuresToHide).toBe(Number(API_SETTINGS.GAME_CHECK_FAILURES.default));
    expect(config.gameChecks.historyMs).toBe(Number(API_SETTINGS.GAME_CHECK_HISTORY_DAYS.default) * 24 * 60 * 60 * 1000);
    expect(config.pictureStorage).toEqual({ driver: API_SETTINGS.UPLOADS_STORAGE.default });
    expect(config.trustProxy).toBe(false);
  });

  test('ranges, lists, choices and kept empty values', () => {
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '11' })).toThrow('TRUST_PROXY_HOPS must be a whole number 0-10, got "11"');
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow('PASSWORD_HASH_COST must be a whole number 10-20, got "9"');
    expect(loadConfig({ CORS_ORIGINS: ' https://a.test , ,https://b.test ' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
    expect(loadConfig({ UPLOADS_STORAGE: 'S3', S3_BUCKET: 'b' }).pictureStorage).toMatchObject({
      driver: 's3',
      keyPrefix: 'uploads/',
    });
    // An empty prefix is a bucket without one, not the default.
    expect(loadConfig({ UPLOADS_STORAGE: 's3', S3_BUCKET: 'b', S3_KEY_PREFIX: '' }).pictureStorage).toMatchObject({
      keyPrefix: '',
    });
    // Blank text is unset: the default applies.
    expect(loadConfig({ HOST: '  ' }).host).toBe(API_SETTINGS.HOST.default);
  });

  test('a retired setting is not read as a value', () => {
    expect(readSettings({ TRUST_PROXY: '1' }, API_SETTINGS)).not.toHaveProperty('TRUST_PROXY');
  });
});
