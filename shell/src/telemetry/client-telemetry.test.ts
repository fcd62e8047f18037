// When the sender loads: well after start-up when nothing goes wrong (its bytes are not
// start-up's), at once when an error is noticed (a player who meets one often leaves at once).
import type { RuntimeConfig } from '@portal/shared-contracts';
import type { TelemetryState } from './client-telemetry';

const startSender = jest.fn<undefined, [RuntimeConfig, TelemetryState, unknown]>();
jest.mock('./telemetry-sender', () => ({ startSender }));

const config = { remotes: {} } as unknown as RuntimeConfig;
const load = jest.fn();
/** Lets the dynamic import's promise settle. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

let telemetryModule: typeof import('./client-telemetry');
beforeEach(() => {
  jest.useFakeTimers();
  jest.resetModules();
  startSender.mockClear();
  // Each test gets the module fresh: its listeners and its one load.
  jest.isolateModules(() => {
    telemetryModule = jest.requireActual<typeof import('./client-telemetry')>('./client-telemetry');
  });
});
afterEach(() => jest.useRealTimers());

test('without an error, the sender loads after 10 s and an idle moment', async () => {
  telemetryModule.startTelemetry(config, load);
  jest.advanceTimersByTime(9_000);
  await settle();
  expect(startSender).not.toHaveBeenCalled();
  jest.advanceTimersByTime(7_000);
  await settle();
  expect(startSender).toHaveBeenCalledTimes(1);
});

test('a remote that fails to load makes the sender load at once, with the error waiting for it', async () => {
  telemetryModule.startTelemetry(config, load);
  telemetryModule.reportRemoteError('mf_player', 'load', new Error('refused'));
  await settle();
  expect(startSender).toHaveBeenCalledTimes(1);
  const state = startSender.mock.calls[0]?.[1];
  expect(state?.errors.map((e) => `${e.part} ${e.kind}`)).toEqual(['mf_player load']);
  // Loaded once: the timer and further errors do not load it again.
  telemetryModule.reportRemoteError('mf_player', 'render', new Error('again'));
  jest.advanceTimersByTime(20_000);
  await settle();
  expect(startSender).toHaveBeenCalledTimes(1);
});

test('an error noticed before the runtime config is read loads the sender as soon as it is', async () => {
  window.dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: 'https://site.example/main.js' }));
  await settle();
  expect(startSender).not.toHaveBeenCalled();
  telemetryModule.startTelemetry(config, load);
  await settle();
  expect(startSender).toHaveBeenCalledTimes(1);
});
