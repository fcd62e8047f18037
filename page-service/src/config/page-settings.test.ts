import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPageServiceSettings } from './page-settings';
import { PAGE_SERVICE_SETTINGS } from './settings';

describe("the page service's settings, read once by the shared reader", () => {
  test('unset, each is its default, read by its kind', () => {
    const settings = readPageServiceSettings({});
    expect(settings).toMatchObject({
      HOST: PAGE_SERVICE_SETTINGS.HOST.default,
      PORT: 8080,
      RELEASE_POLL_MS: 1000,
      SERVE_ASSETS: false,
      TRUST_PROXIES: ['loopback'],
      TRUST_PROXY_HOPS: 1,
      TELEMETRY_LOG_SAMPLE: 0.01,
      TELEMETRY_BEACON_BURST: 20,
      TELEMETRY_BEACONS_PER_SECOND: 1,
      TELEMETRY_TEST_SWITCH: false,
      SHUTDOWN_DEADLINE_MS: 10_000,
      RELEASE_OVERRIDE_SECRET: null,
      CERT_PROBE_URLS: null,
    });
  });

  test('set, each is read by its kind', () => {
    const settings = readPageServiceSettings({
      PORT: '0',
      SERVE_ASSETS: '1',
      TRUST_PROXIES: '10.0.0.0/8, 192.168.0.1',
      TRUST_PROXY_HOPS: '2',
      TELEMETRY_LOG_SAMPLE: '0.5',
      TELEMETRY_BEACONS_PER_SECOND: '0.25',
      CERT_PROBE_URLS: 'https://a.test/, https://b.test/',
      TELEMETRY_TEST_SWITCH: '1',
    });
    expect(settings).toMatchObject({
      PORT: 0,
      SERVE_ASSETS: true,
      TRUST_PROXIES: ['10.0.0.0/8', '192.168.0.1'],
      TRUST_PROXY_HOPS: 2,
      TELEMETRY_LOG_SAMPLE: 0.5,
      TELEMETRY_BEACONS_PER_SECOND: 0.25,
      CERT_PROBE_URLS: ['https://a.test/', 'https://b.test/'],
      TELEMETRY_TEST_SWITCH: true,
    });
  });

  test.each([
    ['RELEASE_POLL_MS', '50', 'RELEASE_POLL_MS must be at least 100, got "50"'],
    ['TRUST_PROXY_HOPS', '11', 'TRUST_PROXY_HOPS must be a whole number 0-10, got "11"'],
    ['TRUST_PROXY_HOPS', 'one', 'TRUST_PROXY_HOPS must be a whole number 0-10, got "one"'],
    ['PORT', '70000', 'PORT must be a whole number 0-65535, got "70000"'],
    ['SHUTDOWN_DEADLINE_MS', 'soon', 'SHUTDOWN_DEADLINE_MS must be a positive integer, got "soon"'],
    ['TELEMETRY_LOG_SAMPLE', '5', 'TELEMETRY_LOG_SAMPLE must be a number from 0 to 1, got "5"'],
    ['TELEMETRY_BEACON_BURST', '0', 'TELEMETRY_BEACON_BURST must be a whole number 1-10000, got "0"'],
    ['TELEMETRY_BEACONS_PER_SECOND', 'lots', 'TELEMETRY_BEACONS_PER_SECOND must be a number from 0.01 to 10000, got "lots"'],
    ['SERVE_ASSETS', 'yes', 'SERVE_ASSETS must be 1 or 0, got "yes"'],
    ['RELEASE_OVERRIDE_SECRET', 'short', 'RELEASE_OVERRIDE_SECRET must be at least 32 characters'],
  ])('%s=%s stops start-up with a message naming it', (name, value, message) => {
    expect(() => readPageServiceSettings({ [name]: value })).toThrow(message);
  });
});

describe('the preview overrides secret', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'override-secret-'));
  const file = path.join(dir, 'secret');
  const key = 'k'.repeat(40);
  const secretOf = (env: NodeJS.ProcessEnv) => readPageServiceSettings(env).RELEASE_OVERRIDE_SECRET;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('comes from the environment, or from the file RELEASE_OVERRIDE_SECRET_FILE names (a Kubernetes secret)', () => {
    writeFileSync(file, `${key}\n`);
    expect(secretOf({ RELEASE_OVERRIDE_SECRET: key })).toBe(key);
    expect(secretOf({ RELEASE_OVERRIDE_SECRET_FILE: file })).toBe(key);
    expect(secretOf({})).toBeNull();
  });

  test('both at once are refused, as is a short one', () => {
    expect(() => secretOf({ RELEASE_OVERRIDE_SECRET: key, RELEASE_OVERRIDE_SECRET_FILE: file })).toThrow('not both');
    writeFileSync(file, 'short');
    expect(() => secretOf({ RELEASE_OVERRIDE_SECRET_FILE: file })).toThrow('at least');
  });
});
