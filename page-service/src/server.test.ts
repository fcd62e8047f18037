// server.ts as production runs it: the settings are read before anything is built, and a bad
// value stops the start with exit code 1 and a message naming the setting.
afterEach(() => jest.restoreAllMocks());

test.each([
  ['PORT', 'eighty', 'PORT must be a whole number 0-65535, got "eighty"'],
  ['RELEASE_POLL_MS', '10', 'RELEASE_POLL_MS must be at least 100, got "10"'],
  ['TRUST_PROXY_HOPS', '-1', 'TRUST_PROXY_HOPS must be a whole number 0-10, got "-1"'],
  ['TELEMETRY_BEACONS_PER_SECOND', '0', 'TELEMETRY_BEACONS_PER_SECOND must be a number from 0.01 to 10000, got "0"'],
  ['OTEL_TRACES_SAMPLER_ARG', '5', 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, got "5"'],
  ['RELEASE_OVERRIDE_SECRET', 'short', 'RELEASE_OVERRIDE_SECRET must be at least 32 characters'],
])('%s=%s: the service does not start, saying which setting', async (name, value, message) => {
  const env = process.env;
  process.env = { ...env, [name]: value };
  const exited = new Promise<unknown>((resolve) => {
    jest.spyOn(process, 'exit').mockImplementation((code) => {
      resolve(code);
      return undefined as never;
    });
  });
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await jest.isolateModulesAsync(async () => {
      await import('./server');
    });
    expect(await exited).toBe(1);
    expect(errors).toHaveBeenCalledWith('page-service failed to start:', message);
  } finally {
    process.env = env;
  }
});
