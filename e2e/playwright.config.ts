import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS as BASE_ARGS, CHROMIUM_EXECUTABLE } from './chromium.mjs';

/** The project's Chromium flags, plus host names for the branding tests. */
export const CHROMIUM_ARGS = [
  ...BASE_ARGS,
  // Made-up host names for the branding tests all resolve to this machine.
  '--host-resolver-rules=MAP playverse.games 127.0.0.1, MAP www.playverse.games 127.0.0.1, MAP gamenest.fun 127.0.0.1, MAP play.gamenest.fun 127.0.0.1, MAP other-host.test 127.0.0.1',
];

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // No retries, on CI or here: a test that fails once has a cause to find, and a retry would
  // hide it (the topology suite spreads this config, so it holds there too).
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:7080',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
