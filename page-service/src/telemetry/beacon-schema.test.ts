// The beacon body's schema, as the collector's validator compiles it: the agreed shape only,
// nothing coerced, unknown fields dropped, strings made safe for a text log.
import { BEACON_BODY, beaconValidator } from './beacon-schema';

const validate = beaconValidator({ schema: BEACON_BODY, method: 'POST', url: '/__telemetry', httpPart: 'body' }) as (
  data: unknown,
) => boolean;

test('keeps an agreed batch, drops what nobody agreed on, blanks control characters and cuts long text', () => {
  const body = {
    route: '/all-games\r\nforged: line',
    token: 'secret',
    events: [
      { type: 'view', part: 'shell', build: '1.0.0', email: 'a@b.c' },
      { type: 'error', part: 'mf_catalog', build: '1.0.0', kind: 'render', message: `boom\u2028${'x'.repeat(500)}` },
      { type: 'vital', part: 'mf_player', build: '1.0.0', name: 'CLS', value: 0.1, extra: 1 },
    ],
  };
  expect(validate(body)).toBe(true);
  expect(body).toEqual({
    route: '/all-games  forged: line',
    events: [
      { type: 'view', part: 'shell', build: '1.0.0' },
      { type: 'error', part: 'mf_catalog', build: '1.0.0', kind: 'render', message: `boom ${'x'.repeat(195)}` },
      { type: 'vital', part: 'mf_player', build: '1.0.0', name: 'CLS', value: 0.1 },
    ],
  });
});

test.each([
  ['not an object', []],
  ['no route', { events: [{ type: 'view', part: 'shell', build: '' }] }],
  ['a route over 128 characters', { route: 'r'.repeat(129), events: [{ type: 'view', part: 'shell', build: '' }] }],
  ['no events', { route: '/', events: [] }],
  ['events that are not a list', { route: '/', events: { type: 'view' } }],
  ['a part that is not text', { route: '/', events: [{ type: 'view', part: 1, build: '' }] }],
  ['a build over 128 characters', { route: '/', events: [{ type: 'view', part: 'shell', build: 'b'.repeat(129) }] }],
  ['an event with no type', { route: '/', events: [{ part: 'shell', build: '' }] }],
  ['an error with no message', { route: '/', events: [{ type: 'error', part: 'shell', build: '', kind: 'load' }] }],
  ['a vital sent as text', { route: '/', events: [{ type: 'vital', part: 'shell', build: '', name: 'LCP', value: '12' }] }],
  [
    'a vital of more than an hour',
    { route: '/', events: [{ type: 'vital', part: 'shell', build: '', name: 'LCP', value: 3_600_001 }] },
  ],
  ['an unknown vital', { route: '/', events: [{ type: 'vital', part: 'shell', build: '', name: 'FID', value: 1 }] }],
])('refuses %s', (_name, body) => {
  expect(validate(body)).toBe(false);
});
