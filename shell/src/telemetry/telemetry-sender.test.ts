import type { RuntimeConfig } from '@portal/shared-contracts';
import type { TelemetryBatch } from '@portal/shared-contracts/telemetry';
import type { TelemetryState } from './client-telemetry';
import { describeError, partOfSource, startSender } from './telemetry-sender';

jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn(), onFCP: jest.fn(), onTTFB: jest.fn() }));

const REMOTES = {
  mf_catalog: 'https://catalog.example/v3/mf-manifest.json',
  mf_player: 'https://player.example/mf-manifest.json',
  mf_account: 'https://account.example/mf-manifest.json',
};
const config = (telemetry: RuntimeConfig['telemetry']) => ({ remotes: REMOTES, telemetry }) as unknown as RuntimeConfig;

describe('describeError', () => {
  test('keeps the name and message, never a query or fragment, and cuts it short', () => {
    expect(describeError(new TypeError('fetch https://api.example/x?token=abc#frag failed'))).toBe(
      'TypeError: fetch https://api.example/x failed',
    );
    expect(describeError('x'.repeat(500))).toHaveLength(200);
    expect(describeError({ secret: 1 })).toBe('non-error value thrown');
  });
});

describe('partOfSource', () => {
  test('names the remote whose folder the script is in, else the shell', () => {
    expect(partOfSource('at f (https://catalog.example/v3/123.abc.js:1:20)', REMOTES)).toBe('mf_catalog');
    expect(partOfSource('https://site.example/main.js', REMOTES)).toBe('shell');
    expect(partOfSource(undefined, REMOTES)).toBe('shell');
  });
});

describe('the sender', () => {
  const sent: TelemetryBatch[] = [];
  beforeAll(() => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: (_url: string, body: string) => sent.push(JSON.parse(body) as TelemetryBatch),
    });
  });
  beforeEach(() => {
    sent.length = 0;
    window.history.replaceState(null, '', '/game/12?from=search');
  });

  const state = (): TelemetryState => ({ errors: [], builds: new Map([['mf_player', '1.0.0+b7']]), onError: null });

  test('sends the waiting errors and a view, with part, build id and route pattern, when the page is left', () => {
    const waiting = state();
    waiting.errors.push({ part: 'mf_player', kind: 'render', error: new Error('boom'), source: undefined, route: '/game/12' });
    startSender(config({}), waiting, jest.fn(), () => 0);
    waiting.onError?.({
      part: undefined,
      kind: 'uncaught',
      error: new Error('late'),
      source: 'https://player.example/a.js',
      route: '/game/12',
    });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      {
        route: '/game/:gameId',
        events: [
          { type: 'error', part: 'mf_player', build: '1.0.0+b7', kind: 'render', message: 'Error: boom' },
          { type: 'view', part: 'mf_player', build: '1.0.0+b7' },
          { type: 'error', part: 'mf_player', build: '1.0.0+b7', kind: 'uncaught', message: 'Error: late' },
        ],
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain('from=search');
  });

  test('names the remote that draws each page of the routes table in its view, a tag page included', () => {
    window.history.replaceState(null, '', '/tags/racing');
    startSender(config({}), state(), jest.fn(), () => 0);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([
      { route: '/tags/:tag', events: [{ type: 'view', part: 'mf_catalog', build: expect.any(String) as string }] },
    ]);
  });

  test('sends nothing for a page load outside the error sample', () => {
    const waiting = state();
    waiting.errors.push({ part: 'mf_player', kind: 'render', error: new Error('boom'), source: undefined, route: '/game/12' });
    startSender(config({ errorSampleRate: 0.5 }), waiting, jest.fn(), () => 0.7);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([]);
  });

  test('asks a remote for a module it lacks only when the config allows the test switch', () => {
    window.history.replaceState(null, '', '/?__telemetry_test=mf_catalog');
    const off = jest.fn(() => Promise.resolve());
    startSender(config({}), state(), off, () => 0);
    expect(off).not.toHaveBeenCalled();
    const on = jest.fn(() => Promise.resolve());
    startSender(config({ testSwitch: true }), state(), on, () => 0);
    expect(on).toHaveBeenCalledWith('mf_catalog/__telemetry_test');
  });
});
