import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, SECRET_SETTINGS } from './config';
import { TRACING_SETTINGS } from '@portal/service-tracing/settings';
import { API_SETTINGS } from './settings';

/** The names loadConfig looks up in this environment. */
function namesRead(values: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  loadConfig(env);
  return read;
}

describe('the settings schema (settings.ts) is what the parser reads', () => {
  // The tracing settings are read before the config, by the module that starts tracing first.
  const tracing = Object.keys(API_SETTINGS).filter((name) => name.startsWith('OTEL_'));
  const declared = Object.keys(API_SETTINGS).filter((name) => !tracing.includes(name));
  const secrets = declared.filter((name) => 'secret' in API_SETTINGS[name as keyof typeof API_SETTINGS]);

  test('every tracing setting the schema declares is read where tracing starts', () => {
    // Read by the settings' reader where the API starts tracing, then used by the shared tracing (service-tracing).
    const start = fs.readFileSync(path.join(__dirname, 'observability', 'tracing-start.ts'), 'utf8');
    expect(start).toContain('readSettings(process.env, TRACING_SETTINGS)');
    expect(tracing.sort()).toEqual(Object.keys(TRACING_SETTINGS).sort());
    const shared = fs.readFileSync(path.join(path.dirname(require.resolve('@portal/service-tracing')), 'tracing.ts'), 'utf8');
    expect(tracing.filter((name) => !shared.includes(`settings.${name}`))).toEqual([]);
  });

  test('every name loadConfig reads is declared, and every declared name is read', () => {
    const read = namesRead({});
    const expected = new Set([...declared, ...secrets.map((name) => `${name}_FILE`)]);
    expect([...read].sort()).toEqual([...expected].sort());
  });

  test('the same in production, where more is checked', () => {
    const read = namesRead({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.test',
      REDIS_URL: 'redis://redis.test',
      CORS_ORIGINS: 'https://games.test',
    });
    expect([...read].filter((name) => !name.endsWith('_FILE') && !declared.includes(name))).toEqual([]);
  });

  test('the secrets the schema marks are the ones read from *_FILE', () => {
    expect([...secrets].sort()).toEqual([...SECRET_SETTINGS].sort());
  });

  test('what production requires is refused when missing, as the schema says', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.test',
      REDIS_URL: 'redis://redis.test',
      CORS_ORIGINS: 'https://games.test',
    };
    expect(() => loadConfig(production)).not.toThrow();
    const required = Object.entries(API_SETTINGS)
      .filter(([, setting]) => 'requiredInProduction' in setting)
      .map(([name]) => name);
    expect(required.sort()).toEqual(
      Object.keys(production)
        .filter((name) => name !== 'NODE_ENV')
        .sort(),
    );
    for (const name of required) {
      const without = Object.fromEntries(Object.entries(production).filter(([key]) => key !== name));
      expect(() => loadConfig(without)).toThrow(name);
    }
  });

  test("the defaults the parser uses are the schema's", () => {
    const config = loadConfig({});
    expect(config.port).toBe(Number(API_SETTINGS.PORT.default));
    expect(config.host).toBe(API_SETTINGS.HOST.default);
    expect(config.passwordHashCost).toBe(Number(API_SETTINGS.PASSWORD_HASH_COST.default));
    expect(config.operations.shutdownDeadlineMs).toBe(Number(API_SETTINGS.SHUTDOWN_DEADLINE_MS.default));
    expect(config.corsOrigins).toEqual([API_SETTINGS.CORS_ORIGINS.default]);
  });
});
